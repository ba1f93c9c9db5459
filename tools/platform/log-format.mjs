// Pino JSON lines made readable in a terminal: `[identity] info  message key=value`.

const LEVELS = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const LEVEL_COLOURS = { trace: 90, debug: 90, info: 32, warn: 33, error: 31, fatal: 35 };
const PINO_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'app', 'msg', 'v', 'err', 'context']);

/** Turns one pino JSON line into `[identity] info  message key=value` (other lines pass unchanged). */
export function formatLogLine(app, line, { colour = false } = {}) {
  const paint = (code, text) => (colour ? `\u001b[${code}m${text}\u001b[0m` : text);
  const tag = paint(36, `[${app}]`);
  let entry;
  try {
    entry = line.startsWith('{') ? JSON.parse(line) : undefined;
  } catch {
    entry = undefined;
  }
  if (!entry || typeof entry !== 'object') return `${tag} ${line}`;
  const level = LEVELS[entry.level] ?? String(entry.level ?? 'info');
  const extras = Object.entries(entry)
    .filter(([key]) => !PINO_KEYS.has(key))
    .map(([key, value]) => {
      // pino-http's request objects, shortened for a terminal
      if (key === 'req' && value?.method) return `${value.method} ${value.url}`;
      if (key === 'res' && value?.statusCode) return `→ ${value.statusCode}`;
      if (key === 'responseTime' && typeof value === 'number') return `${Math.round(value)} ms`;
      return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    });
  let text = `${tag} ${paint(LEVEL_COLOURS[level] ?? 0, level.padEnd(5))} ${entry.context ? `${entry.context}: ` : ''}${entry.msg ?? ''}`;
  if (extras.length) text += ` ${paint(90, extras.join(' '))}`;
  if (entry.err?.stack) text += `\n${String(entry.err.stack).replace(/^/gm, '    ')}`;
  else if (entry.err?.message) text += ` (${entry.err.message})`;
  return text;
}
