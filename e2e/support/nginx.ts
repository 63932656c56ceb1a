import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { freePort } from '../../server/test/free-port'

// Debian's nginx running the site and upstream files an operator installs (deploy/nginx/), unchanged but
// for where they listen and which ports they pass to. It runs as this user's own process with its own
// folder, beside any nginx the machine runs.

export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx'
const SITE = resolve('deploy/nginx/lootqueue.conf')
const UPSTREAM = resolve('deploy/nginx/lootqueue-upstream.conf')

export type RunningNginx = {
  url: string
  /** The upstream file as installed (deploy/rolling-restart edits it). */
  upstreamFile: string
  /** The command that reloads this nginx, as `systemctl reload nginx` does the machine's. */
  reloadCommand: string
  stop: () => Promise<void>
  errorLog: () => string
  /** One line per request: time, duration, status, the process that answered and its own status. */
  accessLog: () => string
}

/** The shipped upstream file with its local servers' ports replaced by `ports`, one line each. */
export function upstreamFor(ports: number[]): string {
  const shipped = readFileSync(UPSTREAM, 'utf8')
  const line = /^(\s*)server 127\.0\.0\.1:\d+(.*);$/m.exec(shipped)
  if (!line) throw new Error(`${UPSTREAM} has no "server 127.0.0.1:PORT …;" line`)
  const [, indent, options] = line
  const servers = ports.map((port) => `${indent}server 127.0.0.1:${port}${options};`).join('\n')
  return shipped
    .replace(/^\s*server 127\.0\.0\.1:\d+.*;\n/gm, '')
    .replace(/^(upstream lootqueue \{\n)/m, `$1${servers}\n`)
}

/** The shipped site listening on 127.0.0.1:`port` instead of port 80 on every address. */
function siteOn(port: number): string {
  const shipped = readFileSync(SITE, 'utf8')
  if (!/^\s*listen 80;$/m.test(shipped)) throw new Error(`${SITE} no longer listens with "listen 80;"`)
  return shipped
    .replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`)
    .replace(/^\s*listen \[::\]:80;\n/m, '')
}

/**
 * Starts nginx with the shipped site in front of `ports`. `tagUpstream` adds an `X-Upstream` response header
 * naming the process that answered (only here, to see which process served what; the shipped site says
 * nothing about its processes).
 */
export async function startNginx(
  ports: number[],
  options: { tagUpstream?: boolean } = {},
): Promise<RunningNginx> {
  const prefix = mkdtempSync(join(tmpdir(), 'lq-nginx-'))
  chmodSync(prefix, 0o755)
  for (const dir of ['temp', 'logs']) mkdirSync(join(prefix, dir))
  const port = await freePort()
  const upstreamFile = join(prefix, 'lootqueue-upstream.conf')
  writeFileSync(upstreamFile, upstreamFor(ports))
  writeFileSync(join(prefix, 'lootqueue.conf'), siteOn(port))
  const conf = join(prefix, 'nginx.conf')
  // What Debian's /etc/nginx/nginx.conf gives a site, less what a test has no use for (gzip), and an access log of
  // its own.
  writeFileSync(
    conf,
    `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 2;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  # For a failed journey's report: which request reached which process, and how it ended (499: the browser left).
  log_format journey '$msec $request_time $status $upstream_addr $upstream_status "$request"';
  access_log ${prefix}/logs/access.log journey;
  client_body_temp_path ${prefix}/temp/body;
  proxy_temp_path ${prefix}/temp/proxy;
  fastcgi_temp_path ${prefix}/temp/fastcgi;
  uwsgi_temp_path ${prefix}/temp/uwsgi;
  scgi_temp_path ${prefix}/temp/scgi;
  ${options.tagUpstream ? 'add_header X-Upstream $upstream_addr always;' : ''}
  include ${upstreamFile};
  include ${prefix}/lootqueue.conf;
}
`,
  )
  const args = ['-p', prefix, '-c', conf]
  execFileSync(NGINX_BIN, [...args, '-t'], { stdio: 'pipe' })
  const child: ChildProcess = spawn(NGINX_BIN, [...args, '-g', 'daemon off;'], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  const logFile = (name: string) => () => {
    try {
      return readFileSync(join(prefix, 'logs', name), 'utf8')
    } catch {
      return ''
    }
  }
  const errorLog = logFile('error.log')
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited:\n${errorLog()}`)
    try {
      await fetch(`${url}/`, { method: 'HEAD' })
      break
    } catch {}
    if (Date.now() > deadline) throw new Error(`nginx did not answer:\n${errorLog()}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url,
    upstreamFile,
    reloadCommand: `${NGINX_BIN} -p ${prefix} -c ${conf} -s reload`,
    errorLog,
    accessLog: logFile('access.log'),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGQUIT')
        await exited
      }
      rmSync(prefix, { recursive: true, force: true })
    },
  }
}
