/**
 * Queries compiled once per shape and bound at each run. Kysely builds an operation tree and
 * compiles it to SQL on every execution, which for the users page cost about as much as
 * binding and running the SQL's first half (docs/DECISIONS.md, "List throughput"). When a
 * query's SQL depends only on which options are present, not on their values, it is built once
 * per shape with placeholders (`slot`) where values go; later runs reuse the SQL and bind the
 * values in the compiled parameters' order. Values that change the SQL text (literals, the
 * length of an IN list, a search term's escaping) must be part of the shape key instead.
 */
import { CompiledQuery, type Compilable } from "kysely";
import { speedTricks } from "../lib/speedTricks";

/** A placeholder Kysely compiles like any value: it lands in the compiled parameters. */
class Slot {
  constructor(readonly name: string) {}
}

/** A placeholder for the value `name`, typed as the value it stands for (see ShapeCache). */
export function slot<T>(name: string): T {
  return new Slot(name) as unknown as T;
}

/** How many shapes each cache keeps (least recently used ones are compiled again if needed). */
export const SHAPE_CACHE_SIZE = 200;

/** Compiled SQL per shape key, for queries built with {@link slot} placeholders. */
export class ShapeCache<R> {
  readonly #compiled = new Map<string, CompiledQuery<R>>();

  /**
   * The query of `shape` with `values` bound: `build` (placeholders only, no values) runs the
   * first time the shape is seen. Throws when a placeholder has no value: a shape key that
   * misses something the SQL depends on would otherwise run the wrong query.
   */
  bind(shape: string, build: () => Compilable<R>, values: Readonly<Record<string, unknown>>): CompiledQuery<R> {
    let compiled = speedTricks.shapeCache ? this.#compiled.get(shape) : build().compile();
    if (compiled) {
      this.#compiled.delete(shape);
    } else {
      compiled = build().compile();
      if (this.#compiled.size >= SHAPE_CACHE_SIZE) {
        const oldest = this.#compiled.keys().next().value;
        if (oldest !== undefined) this.#compiled.delete(oldest);
      }
    }
    this.#compiled.set(shape, compiled);
    const parameters = compiled.parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) return parameter;
      if (!Object.hasOwn(values, parameter.name)) throw new Error(`no value for the placeholder '${parameter.name}' of shape ${shape}`);
      return values[parameter.name];
    });
    return CompiledQuery.raw(compiled.sql, parameters);
  }
}
