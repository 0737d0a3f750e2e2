import { z } from './zod-config.ts';
import { text } from './call.ts';

/**
 * The fields whose HTML a page shows as HTML: a paper's description, a problem's stem, options and analysis, a
 * course's introduction, an article. Marking a field here is the only way to store HTML: the server's call wrapper
 * cleans every marked field with its allowlist before a handler sees it (decision 31), and a contract test refuses
 * a body field whose name looks rich but is not marked.
 */
export const RichTextFields = z.registry<{ label: string }>();

/** A required field of HTML, cleaned on the server before it is stored. */
export function richText(label: string, max: number) {
  return text(label, max).register(RichTextFields, { label });
}

/** An optional field of HTML ('' when absent), cleaned on the server before it is stored. */
export function optionalRichText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, { error: `${label}不能超过 ${max} 个字` })
    .register(RichTextFields, { label })
    .default('');
}

/** Where a string sits in a body: its keys from the top, '*' for any element of an array or value of a record. */
export type FieldPath = readonly string[];

export interface StringField {
  path: FieldPath;
  rich: boolean;
}

/**
 * Every string a body schema can hold, with whether it is marked rich. Throws on a kind of schema it cannot look
 * into, so a marked field is never hidden from the server by a wrapper this walk does not know.
 */
export function stringFields(schema: z.ZodType): StringField[] {
  const out: StringField[] = [];
  const seen = new Set<unknown>();
  const walk = (node: z.core.$ZodType, path: string[], rich: boolean): void => {
    const marked = rich || RichTextFields.get(node as z.ZodType) !== undefined;
    const def = node._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
    switch (def.type) {
      case 'string':
        out.push({ path, rich: marked });
        return;
      case 'object': {
        if (seen.has(node)) return;
        seen.add(node);
        for (const [key, child] of Object.entries((node as z.core.$ZodObject)._zod.def.shape)) {
          walk(child, [...path, key], false);
        }
        seen.delete(node);
        return;
      }
      case 'array':
        return walk((node as z.core.$ZodArray)._zod.def.element, [...path, '*'], marked);
      case 'record':
        return walk((node as z.core.$ZodRecord)._zod.def.valueType, [...path, '*'], marked);
      case 'tuple':
        for (const [i, item] of (node as z.core.$ZodTuple)._zod.def.items.entries())
          walk(item, [...path, String(i)], marked);
        return;
      case 'optional':
      case 'nullable':
      case 'nonoptional':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
        return walk(def.innerType as z.core.$ZodType, path, marked);
      case 'pipe':
        // what a handler receives is the pipe's output; a string that only enters it (a transform's input) is
        // held by the output's kind
        walk(def.in as z.core.$ZodType, path, marked);
        return walk(def.out as z.core.$ZodType, path, marked);
      case 'union':
        for (const option of def.options as z.core.$ZodType[]) walk(option, path, marked);
        return;
      case 'intersection':
        walk(def.left as z.core.$ZodType, path, marked);
        return walk(def.right as z.core.$ZodType, path, marked);
      case 'lazy':
        return walk((node as z.core.$ZodLazy)._zod.def.getter(), path, marked);
      case 'number':
      case 'int':
      case 'boolean':
      case 'bigint':
      case 'null':
      case 'undefined':
      case 'void':
      case 'never':
      case 'any':
      case 'unknown':
      case 'date':
      case 'enum':
      case 'literal':
      case 'transform':
      case 'custom':
      case 'file':
      case 'nan':
      case 'template_literal':
        return;
      default:
        throw new Error(`stringFields: a ${def.type} schema is not looked into; teach the walk its children`);
    }
  };
  walk(schema, [], false);
  return out;
}

/** The paths of a body's rich fields, each once. */
export function richTextPaths(schema: z.ZodType): FieldPath[] {
  const paths = new Map<string, FieldPath>();
  for (const f of stringFields(schema)) if (f.rich) paths.set(f.path.join('.'), f.path);
  return [...paths.values()];
}

/** Replaces, in place, every string found at one of the paths of a parsed body with what `clean` makes of it. */
export function cleanAt(value: unknown, paths: readonly FieldPath[], clean: (html: string) => string): void {
  const at = (holder: unknown, path: FieldPath): void => {
    if (holder === null || typeof holder !== 'object') return;
    const [key, ...rest] = path;
    if (key === undefined) return;
    const record = holder as Record<string, unknown>;
    const keys = key === '*' ? Object.keys(record) : Object.hasOwn(record, key) ? [key] : [];
    for (const k of keys) {
      if (rest.length > 0) at(record[k], rest);
      else if (typeof record[k] === 'string') record[k] = clean(record[k]);
    }
  };
  for (const path of paths) at(value, path);
}
