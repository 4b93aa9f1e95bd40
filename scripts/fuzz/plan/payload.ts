import type { FuzzContext, RouteSpec } from '../routes/types';
import { toJsonText } from '../values';
import type { RequestPlan } from './types';

/** A plan's body and headers as they go on the wire, and bytes as a reproduction prints them. */

/** Bytes as hex, the first 16 of them (for reproductions). */
export function hex(bytes: Uint8Array): string {
  const shown = [...bytes.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
  return bytes.length > 16 ? `${shown} … (${bytes.length} bytes)` : shown;
}

/** The body of a plan as sent: its text (see {@link bodyText}), or an upload's bytes. */
export function bodyPayload(
  plan: RequestPlan,
  route: RouteSpec | undefined,
  ctx: FuzzContext,
): string | Uint8Array<ArrayBuffer> | undefined {
  return plan.body.kind === 'binary' ? new Uint8Array(plan.body.data) : bodyText(plan, route, ctx);
}

/**
 * The body text of a plan (huge bodies are generated here, at send time); an upload's bytes as Latin-1 text (one
 * character a byte: send them with {@link bodyPayload}).
 */
export function bodyText(plan: RequestPlan, route: RouteSpec | undefined, ctx: FuzzContext): string | undefined {
  const body = plan.body;
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'binary':
      return Buffer.from(body.data).toString('latin1');
    case 'json':
      return toJsonText(body.value);
    case 'text':
      return body.text;
    case 'huge':
      switch (body.style) {
        case 'json-string':
          return `{"message":"${'a'.repeat(body.bytes)}","email":"fuzz@example.test"}`;
        case 'junk':
          return 'x'.repeat(body.bytes);
        case 'padded-json':
          return `${toJsonText(route?.body?.(ctx) ?? {})}${' '.repeat(body.bytes)}`;
        case 'number-array':
          return `[${'1,'.repeat(Math.floor(body.bytes / 2))}1]`;
      }
  }
}

/** A header value as it can travel: UTF-8 bytes read as Latin-1 (what a server sees), without NUL, CR or LF. */
export function wireHeaderValue(value: string): string {
  return Buffer.from(value, 'utf8')
    .toString('latin1')
    .replace(/[\0\r\n]/g, ' ')
    .trim();
}
