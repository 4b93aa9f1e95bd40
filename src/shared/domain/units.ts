/**
 * Units of measure for recipe lines, in files of one job each: the unit list and its kinds (unit-kinds.ts), a line's
 * volume (unit-volume.ts) and how amounts are shown (unit-format.ts). Importers keep reading every name from here.
 */
export * from './unit-kinds';
export * from './unit-volume';
export * from './unit-format';
