/**
 * A minimal cookie jar for API tests: keeps name=value pairs from Set-Cookie headers (dropping a cookie set with
 * Max-Age=0 or an Expires in the past) and renders them as a Cookie header. Ignores domain and path (one test origin).
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes every Set-Cookie of `response` (or a Headers), in order, so a later one wins. */
  take(response: Response | Headers): this {
    const headers = 'headers' in response ? response.headers : response;
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age') return Number(raw) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(raw).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  /** The value of cookie `name`, if held. */
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Holds cookie `name` with `value` (as a client holding a copied cookie would). */
  set(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }

  /** Names of the cookies held. */
  names(): string[] {
    return [...this.cookies.keys()];
  }

  /** The Cookie request header ('' when empty). */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Headers for a request carrying these cookies, plus `extra`. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = this.header();
    return cookie ? { ...extra, cookie } : { ...extra };
  }
}
