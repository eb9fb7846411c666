import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the cross-service tests share: the built processes they run, and a browser-like HTTP client. */

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Reply {
  status: number;
  body: { message?: string; [key: string]: unknown };
  setCookies: string[];
}

/** A browser-like client for one host name: keeps cookies, sends the CSRF headers on mutating calls. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly port: () => number,
    readonly host: string,
  ) {}

  call(method: string, path: string, body?: unknown): Promise<Reply> {
    const headers: Record<string, string> = { host: this.host, accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') {
      headers['x-requested-with'] = 'XMLHttpRequest';
      const xsrf = this.cookies.get('XSRF-TOKEN');
      if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
    }
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: this.port(), method, path, headers }, (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const setCookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
          for (const line of setCookies) {
            const [pair = ''] = line.split(';');
            const at = pair.indexOf('=');
            const name = pair.slice(0, at);
            const value = pair.slice(at + 1);
            if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
            else this.cookies.set(name, value);
          }
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {}, setCookies });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Signs in the way the web app does: a first GET hands out the CSRF cookie. */
  async signIn(email: string, password: string): Promise<Reply> {
    await this.call('GET', '/api/me');
    return this.call('POST', '/api/auth/login', { email, password });
  }
}

/** Runs a built one-shot entry (a seed) with `env`; resolves with its output, rejects when it fails. */
export function run(entry: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, entry)], { env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${entry} failed:\n${out}`))));
  });
}
