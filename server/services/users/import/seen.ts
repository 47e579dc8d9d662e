/**
 * The usernames an import has seen so far, to find a row repeating an earlier row's username
 * (issue #32). A `Set<string>` cost ~180 bytes a username in V8's heap (a 16-byte string header,
 * the characters, the table's entries, the garbage of each rehash), every byte of it in the old
 * generation, whose next limit V8 sets as a multiple of what is live: two 46 MB previews held
 * ~48 MB of usernames and their heap grew several times that. Here a username is kept as bytes
 * outside the heap: its part after the last `@` (the domain, the same for most rows of a file)
 * once, as a number, and its part before as UTF-8 bytes in fixed-size arenas; a table of offsets
 * (open addressing) finds it. Exact: a hash only picks where to look, the bytes are compared.
 */

/** chosen: bytes of one arena (an entry never spans two; a username is at most ~1 KB as UTF-8). */
const ARENA_BYTES = 256 * 1024;
/** Bytes before an entry's local part: its domain's number (u32) and the local part's length (u16). */
const ENTRY_HEAD = 6;
/** chosen: the table grows (doubles) when more than half its slots are taken. */
const MAX_LOAD = 0.5;

/** A set of usernames (compared exactly, as given: the caller lower-cases them). */
export class UsernameSet {
  private readonly arenas: Buffer[] = [Buffer.allocUnsafe(ARENA_BYTES)];
  /** Bytes used in the last arena. */
  private used = 0;
  /** 1 + the entry's offset (arena × ARENA_BYTES + position); 0 is an empty slot. */
  private slots = new Int32Array(1024);
  private count = 0;
  private readonly domains = new Map<string, number>();

  /** How many usernames the set holds. */
  get size(): number {
    return this.count;
  }

  /** Adds `username`; answers false when it was there already. */
  add(username: string): boolean {
    const at = username.lastIndexOf("@");
    const local = at < 0 ? username : username.slice(0, at);
    // "@" names "no domain": a part after the last "@" never holds one ("ana" is not "ana@").
    const domain = at < 0 ? "@" : username.slice(at + 1);
    let domainId = this.domains.get(domain);
    if (domainId === undefined) {
      domainId = this.domains.size;
      this.domains.set(domain, domainId);
    }
    // The candidate entry is written after the last one and kept only if it is new.
    // A UTF-16 code unit is at most 3 UTF-8 bytes; a username is at most 320 characters (the schema's limit).
    const room = ENTRY_HEAD + local.length * 3;
    if (room > ARENA_BYTES) throw new RangeError("username too long to be kept");
    if (this.used + room > ARENA_BYTES) {
      this.arenas.push(Buffer.allocUnsafe(ARENA_BYTES));
      this.used = 0;
    }
    const arena = this.arenas[this.arenas.length - 1]!;
    const start = this.used;
    const end = start + ENTRY_HEAD + writeLocal(arena, start + ENTRY_HEAD, local);
    arena.writeUInt32LE(domainId, start);
    arena.writeUInt16LE(end - start - ENTRY_HEAD, start + 4);
    const mask = this.slots.length - 1;
    for (let slot = hashOf(arena, start, end) & mask; ; slot = (slot + 1) & mask) {
      const held = this.slots[slot]!;
      if (held === 0) {
        this.slots[slot] = (this.arenas.length - 1) * ARENA_BYTES + start + 1;
        this.used = end;
        this.count += 1;
        if (this.count > this.slots.length * MAX_LOAD) this.grow();
        return true;
      }
      if (this.sameAs(held - 1, arena, start, end)) return false;
    }
  }

  /** Whether the entry at `offset` has the bytes of `arena[start, end)`. */
  private sameAs(offset: number, arena: Buffer, start: number, end: number): boolean {
    const held = this.arenas[Math.floor(offset / ARENA_BYTES)]!;
    const from = offset % ARENA_BYTES;
    if (held.readUInt16LE(from + 4) !== end - start - ENTRY_HEAD) return false;
    for (let i = 0; i < end - start; i++) if (held[from + i] !== arena[start + i]) return false;
    return true;
  }

  /** Doubles the table, placing every entry again. */
  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2);
    const mask = this.slots.length - 1;
    for (const held of old) {
      if (held === 0) continue;
      const arena = this.arenas[Math.floor((held - 1) / ARENA_BYTES)]!;
      const start = (held - 1) % ARENA_BYTES;
      let slot = hashOf(arena, start, start + ENTRY_HEAD + arena.readUInt16LE(start + 4)) & mask;
      while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
      this.slots[slot] = held;
    }
  }
}

/** Writes `local` as UTF-8 at `at` (ASCII byte by byte: no call into C++ for the common case); answers its length in bytes. */
function writeLocal(arena: Buffer, at: number, local: string): number {
  for (let i = 0; i < local.length; i++) {
    const code = local.charCodeAt(i);
    if (code >= 0x80) return arena.write(local, at, "utf8");
    arena[at + i] = code;
  }
  return local.length;
}

/** FNV-1a (32 bits) of `bytes[start, end)`. */
function hashOf(bytes: Buffer, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
  return hash >>> 0;
}
