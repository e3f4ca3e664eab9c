// Java SimpleDateFormat patterns as Utilities.formatDate and date cells use them, computed
// in a named time zone with Intl (no dependency).

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
  offsetMinutes: number;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function normalizeZone(tz: string): string {
  const m = /^(?:GMT|UTC)([+-])(\d{1,2}):?(\d{2})?$/.exec(tz);
  if (!m) return tz || 'UTC';
  // Intl only knows whole-hour Etc zones, with the sign reversed.
  const hours = Number(m[2]);
  return hours === 0 ? 'UTC' : `Etc/GMT${m[1] === '+' ? '-' : '+'}${hours}`;
}

function zonedParts(date: Date, timeZone: string): Parts {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: normalizeZone(timeZone),
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  });
  const get = (type: string) => fmt.formatToParts(date).find((p) => p.type === type)?.value ?? '0';
  const parts = {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday')),
    offsetMinutes: 0,
  };
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  parts.offsetMinutes = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  return parts;
}

const pad = (n: number, width: number) => String(Math.abs(n)).padStart(width, '0');

function offset(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const h = pad(Math.floor(Math.abs(minutes) / 60), 2);
  const m = pad(Math.abs(minutes) % 60, 2);
  return colon ? `${sign}${h}:${m}` : `${sign}${h}${m}`;
}

export function formatDate(date: Date, timeZone: string, pattern: string): string {
  const p = zonedParts(date, timeZone);
  const ms = ((date.getTime() % 1000) + 1000) % 1000;
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const ch = pattern.charAt(i);
    if (ch === "'") {
      const end = pattern.indexOf("'", i + 1);
      const literal = end < 0 ? pattern.slice(i + 1) : pattern.slice(i + 1, end);
      out += literal === '' ? "'" : literal;
      i = end < 0 ? pattern.length : end + 1;
      continue;
    }
    let n = 1;
    while (pattern.charAt(i + n) === ch) n++;
    i += n;
    switch (ch) {
      case 'y':
        out += n === 2 ? pad(p.year % 100, 2) : pad(p.year, n);
        break;
      case 'M':
        out += n >= 4 ? MONTHS[p.month - 1] : n === 3 ? MONTHS[p.month - 1]!.slice(0, 3) : pad(p.month, n);
        break;
      case 'd':
        out += pad(p.day, n);
        break;
      case 'H':
        out += pad(p.hour, n);
        break;
      case 'h':
        out += pad(p.hour % 12 === 0 ? 12 : p.hour % 12, n);
        break;
      case 'm':
        out += pad(p.minute, n);
        break;
      case 's':
        out += pad(p.second, n);
        break;
      case 'S':
        out += pad(ms, 3).slice(0, Math.max(n, 3));
        break;
      case 'a':
        out += p.hour < 12 ? 'AM' : 'PM';
        break;
      case 'E':
        out += n >= 4 ? WEEKDAYS[p.weekday] : WEEKDAYS[p.weekday]!.slice(0, 3);
        break;
      case 'u':
        out += String(p.weekday === 0 ? 7 : p.weekday);
        break;
      case 'Z':
        out += offset(p.offsetMinutes, false);
        break;
      case 'X':
        out += p.offsetMinutes === 0 ? 'Z' : offset(p.offsetMinutes, n >= 3);
        break;
      case 'z':
        out += timeZone;
        break;
      default:
        out += ch.repeat(n);
    }
  }
  return out;
}
