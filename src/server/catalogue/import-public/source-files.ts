import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The files a public-catalogue import reads, and the dataset each comes from. Every path given is a file (read whatever
 * its name) or a folder (walked, keeping the files of the recipe formats: .json, .zip, .html, .htm, .csv). A folder's
 * files are taken structured formats first (zip, JSON, HTML, then CSV), each group in path order, so a dataset that
 * ships the same list as JSON and as CSV (the IBA list does) is imported from its richest file and the others merge into
 * it. A dataset is the nearest folder above a file that holds a licence file (LICENSE, LICENCE, COPYING, any extension);
 * its display name and address come from a SOURCE.txt or README there naming a GitHub repository, its licence from the
 * licence file's first line.
 */

/** A dataset: the display name stored with its recipes, its licence ('MIT') and its address. */
export interface DatasetSource {
  name: string;
  licence: string | null;
  url: string | null;
}

/** One file to read. */
export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** True when the path was given as such (a file it cannot read fails the run), false when found in a folder. */
  named: boolean;
  source: DatasetSource;
}

/** What the paths given hold: the files to read, and the paths that are neither a file nor a folder. */
export interface SourceFiles {
  files: SourceFile[];
  missing: string[];
}

/** Extensions of the formats the recipe readers detect, in the order a folder's files are read. */
const FORMAT_ORDER = ['.zip', '.json', '.html', '.htm', '.csv'] as const;

/** Display names of datasets Barback knows, by GitHub repository ('owner/name', lower case). */
const KNOWN_DATASETS: Readonly<Record<string, string>> = {
  'bar-assistant/data': "Bar Assistant's data",
  'rasmusab/iba-cocktails': "Rasmus Bååth's IBA cocktail list",
};

/**
 * Short names of the datasets Barback knows, by display name: a recipe kept apart from another drink of its name is
 * named after its dataset with it ('Moscow Mule (Bar Assistant)'). Any other dataset's short name is its display name.
 */
const SHORT_NAMES: Readonly<Record<string, string>> = {
  "Bar Assistant's data": 'Bar Assistant',
  "Rasmus Bååth's IBA cocktail list": 'IBA',
};

/** The short name of the dataset displayed as `name` ('IBA' for Rasmus Bååth's IBA cocktail list). */
export const shortSourceName = (name: string): string => SHORT_NAMES[name] ?? name;

/** Licence names by the first line of their licence text (SPDX identifiers). */
const LICENCE_NAMES: readonly (readonly [RegExp, string])[] = [
  [/^MIT License/i, 'MIT'],
  [/^Apache License/i, 'Apache-2.0'],
  [/Attribution-ShareAlike 4\.0/i, 'CC BY-SA 4.0'],
  [/Attribution 4\.0/i, 'CC BY 4.0'],
  [/^CC0|Creative Commons Zero/i, 'CC0-1.0'],
  [/^The Unlicense|free and unencumbered/i, 'Unlicense'],
  [/^BSD/i, 'BSD'],
  [/GNU GENERAL PUBLIC LICENSE/i, 'GPL'],
];

const LICENCE_FILE = /^(?:licen[sc]e|copying)(?:\.[a-z]+)?$/i;
const SOURCE_FILE = /^(?:source|readme)(?:\.[a-z]+)?$/i;

/** The licence a licence text names: its SPDX identifier when known, else its first line (at most 60 characters). */
export function licenceName(text: string): string | null {
  const first =
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  if (!first) return null;
  return LICENCE_NAMES.find(([pattern]) => pattern.test(first))?.[1] ?? first.slice(0, 60);
}

/** The first GitHub repository a text names, as its address and 'owner/name'; null when it names none. */
function repositoryIn(text: string): { url: string; repo: string } | null {
  const match = /https?:\/\/github\.com\/([\w.-]+\/[\w.-]+?)(?:\.git)?(?=[\s)/"'>]|$)/i.exec(text);
  return match ? { url: `https://github.com/${match[1]}`, repo: (match[1] ?? '').toLowerCase() } : null;
}

const sources = new Map<string, DatasetSource>();

/**
 * The dataset `file` belongs to: found from the nearest folder above it holding a licence file (at most 6 levels up);
 * without one, the file's own folder, named after itself, with no licence.
 */
export function datasetOf(file: string): DatasetSource {
  let dir = path.dirname(file);
  for (let level = 0; level < 6; level += 1) {
    const known = sources.get(dir);
    if (known) return known;
    const names = existsSync(dir) ? readdirSync(dir) : [];
    const licenceFile = names.find((name) => LICENCE_FILE.test(name));
    if (licenceFile) {
      const sourceFile = names.find((name) => SOURCE_FILE.test(name));
      const repository = sourceFile ? repositoryIn(readFileSync(path.join(dir, sourceFile), 'utf8')) : null;
      const source: DatasetSource = {
        name: (repository && KNOWN_DATASETS[repository.repo]) ?? repository?.repo.split('/')[1] ?? path.basename(dir),
        licence: licenceName(readFileSync(path.join(dir, licenceFile), 'utf8')),
        url: repository?.url ?? null,
      };
      sources.set(dir, source);
      return source;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return { name: path.basename(path.dirname(file)), licence: null, url: null };
}

/** The recipe-format files under `dir`, at any depth (hidden folders and node_modules left out). */
function walk(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...walk(full));
    else if ((FORMAT_ORDER as readonly string[]).includes(path.extname(entry.name).toLowerCase())) found.push(full);
  }
  return found;
}

/** Position of a file's format in {@link FORMAT_ORDER}. */
const formatRank = (file: string) => (FORMAT_ORDER as readonly string[]).indexOf(path.extname(file).toLowerCase());

/**
 * The files `paths` name, in the order given (a folder's files in {@link FORMAT_ORDER}, then path order), each with its
 * dataset; `override` replaces the fields of the dataset it sets (the CLI's --source-name, --licence, --source-url).
 */
export function listSourceFiles(paths: readonly string[], override: Partial<DatasetSource> = {}): SourceFiles {
  const files: SourceFile[] = [];
  const missing: string[] = [];
  const seen = new Set<string>();
  const add = (file: string, named: boolean) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push({ path: file, named, source: { ...datasetOf(file), ...override } });
  };
  for (const given of paths) {
    const full = path.resolve(given);
    let stats;
    try {
      stats = statSync(full);
    } catch {
      missing.push(given);
      continue;
    }
    if (stats.isDirectory()) {
      const found = walk(full).sort((a, b) => formatRank(a) - formatRank(b) || (a < b ? -1 : a > b ? 1 : 0));
      for (const file of found) add(file, false);
    } else add(full, true);
  }
  return { files, missing };
}
