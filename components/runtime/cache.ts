// The response cache of the request wrapper (spec §9): an in-memory LRU of a few
// entries in front of local storage, both with an expiry. Values are kept as JSON text
// so a caller that mutates a result cannot change what the next caller gets.

export interface CacheOptions {
  max: number; // in-memory entries
  limit: number; // local storage: no write once the stored total would exceed this many characters
  prefix: string; // local-storage key prefix
  storage: () => Storage | null;
  now: () => number;
}

interface Entry {
  expires: number; // ms since the epoch
  json: string;
}

export class ResponseCache {
  private memory = new Map<string, Entry>();

  constructor(private opts: CacheOptions) {}

  get(key: string): unknown {
    const now = this.opts.now();
    let entry = this.memory.get(key);
    this.memory.delete(key); // re-inserted below: a Map iterates oldest first, so this is the LRU order
    if (!entry) entry = this.readStorage(key);
    if (!entry || entry.expires <= now) {
      this.delete(key);
      return undefined;
    }
    this.remember(key, entry);
    return JSON.parse(entry.json);
  }

  set(key: string, value: unknown, ttl: number): void {
    const entry = { expires: this.opts.now() + ttl, json: JSON.stringify(value) };
    this.remember(key, entry);
    this.writeStorage(key, entry);
  }

  delete(key: string): void {
    this.memory.delete(key);
    try {
      this.opts.storage()?.removeItem(this.opts.prefix + key);
    } catch {
      // Storage forbidden: nothing was written there either.
    }
  }

  private remember(key: string, entry: Entry): void {
    this.memory.delete(key);
    this.memory.set(key, entry);
    for (const oldest of this.memory.keys()) {
      if (this.memory.size <= this.opts.max) break;
      this.memory.delete(oldest);
    }
  }

  private readStorage(key: string): Entry | undefined {
    try {
      const raw = this.opts.storage()?.getItem(this.opts.prefix + key);
      if (!raw) return undefined;
      const parsed = JSON.parse(raw) as { e?: unknown; v?: unknown };
      if (typeof parsed.e !== "number" || typeof parsed.v !== "string") return undefined;
      return { expires: parsed.e, json: parsed.v };
    } catch {
      return undefined;
    }
  }

  private writeStorage(key: string, entry: Entry): void {
    try {
      const storage = this.opts.storage();
      if (!storage) return;
      const name = this.opts.prefix + key;
      const value = JSON.stringify({ e: entry.expires, v: entry.json });
      const previous = storage.getItem(name);
      const others = storedSize(storage) - (previous === null ? 0 : name.length + previous.length);
      if (others + name.length + value.length > this.opts.limit) return; // spec §9: skipped once the store is this full
      storage.setItem(name, value);
    } catch {
      // Quota exceeded or storage forbidden: the in-memory entry still serves this page.
    }
  }
}

/** Characters held in storage: every key and value, ours or not (they share one quota). */
export function storedSize(storage: Storage): number {
  let size = 0;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) size += key.length + (storage.getItem(key)?.length ?? 0);
  }
  return size;
}
