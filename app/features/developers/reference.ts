/**
 * The /developers page's view of the OpenAPI document: routes grouped by tag, each with its fields, answers, errors,
 * limits, who may call it and a curl example that works as written. Pure: it reads the document the API serves.
 */

type Json = Record<string, unknown>;

export interface Field {
  name: string;
  /** path, query, JSON body or multipart form. */
  in: 'path' | 'query' | 'header' | 'body' | 'form';
  type: string;
  /** A list: exactly one of these fields is sent (the picture as `image` or `url`). */
  required: boolean | string[];
  /** Ranges, lengths, patterns and defaults in words. */
  limits: string;
  description: string;
}

/** One set of fields: a route with one body shape has one; a tool route has one per `operation`. */
export interface FieldGroup {
  label: string | null;
  fields: Field[];
}

export interface ReferenceRoute {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  auth: 'public' | 'premium' | 'session';
  fieldGroups: FieldGroup[];
  answers: { status: string; description: string; contentTypes: string[] }[];
  errors: { status: string; code: string; when: string }[];
  limits: string[];
  curl: string;
  /** The answer names a stored picture by `imageUrl`, a path on this site; the example downloads it. */
  imageUrl: boolean;
}

export interface ReferenceTag {
  name: string;
  description: string;
  routes: ReferenceRoute[];
}

/**
 * The shell variable a keyed example reads its key from: pasted as it is, it works once the reader has run
 * `export MEMEFORGE_KEY=mf_…` with a key from the dashboard, and the key never sits in the command (or the history).
 */
export const API_KEY_VARIABLE = 'MEMEFORGE_KEY';

function resolve(doc: Json, schema: Json | undefined): Json {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema ?? {};
  const name = ref.replace('#/components/schemas/', '');
  return resolve(doc, ((doc.components as Json).schemas as Record<string, Json>)[name]);
}

export function typeOf(schema: Json): string {
  if (schema.format === 'binary') return 'file';
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as Json[]).map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf((schema.items as Json) ?? {})}[]`;
  if (typeof schema.type === 'string') return schema.type;
  return 'any';
}

export function limitsOf(schema: Json): string {
  const parts: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) parts.push(`${min}–${max}${unit}`);
    else if (min !== undefined) parts.push(`≥ ${min}${unit}`);
    else if (max !== undefined) parts.push(`≤ ${max}${unit}`);
  };
  range(schema.minimum ?? schema.exclusiveMinimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, ' characters');
  range(schema.minItems, schema.maxItems, ' items');
  for (const branch of (schema.anyOf as Json[] | undefined) ?? []) {
    const inner = limitsOf(branch);
    if (inner) parts.push(inner);
  }
  if (typeof schema.pattern === 'string') parts.push(`matches ${schema.pattern}`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join('; ');
}

function fieldsOf(doc: Json, schema: Json, where: Field['in']): Field[] {
  const object = resolve(doc, schema);
  const required = new Set((object.required as string[] | undefined) ?? []);
  // `anyOf: [{required: [a]}, {required: [b]}]`: one of the fields a, b is required.
  const alternatives = ((object.anyOf as Json[] | undefined) ?? []).flatMap((branch) => {
    const names = branch.required as string[] | undefined;
    return Object.keys(branch).length === 1 && names?.length === 1 ? names : [];
  });
  return Object.entries((object.properties as Record<string, Json> | undefined) ?? {}).map(([name, raw]) => {
    const property = resolve(doc, raw);
    return {
      name,
      in: where,
      type: typeOf(property),
      required: alternatives.includes(name) ? alternatives : required.has(name),
      limits: limitsOf(property),
      description: typeof property.description === 'string' ? property.description : '',
    };
  });
}

function bodyGroups(doc: Json, operation: Json): FieldGroup[] {
  const content = ((operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined) ?? {};
  const [mediaType, media] = Object.entries(content)[0] ?? [];
  if (!mediaType || !media) return [];
  const where = mediaType === 'multipart/form-data' ? 'form' : 'body';
  const schema = resolve(doc, media.schema as Json);
  if (!Array.isArray(schema.oneOf)) return [{ label: null, fields: fieldsOf(doc, schema, where) }];
  return (schema.oneOf as Json[]).map((branch) => {
    const operationConst =
      ((branch.properties as Record<string, Json> | undefined)?.operation?.const as string | undefined) ?? null;
    return { label: operationConst ? `operation=${operationConst}` : null, fields: fieldsOf(doc, branch, where) };
  });
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The JSON schema of a route's success answer, if it answers JSON. */
function successSchema(doc: Json, operation: Json): Json | null {
  const responses = (operation.responses as Record<string, Json> | undefined) ?? {};
  const ok = responses['200'] ?? responses['201'];
  const media = ((ok?.content as Record<string, Json> | undefined) ?? {})['application/json'];
  return media ? resolve(doc, media.schema as Json) : null;
}

/**
 * A curl command that works against `origin` when pasted as written (a keyed route's once MEMEFORGE_KEY holds a key;
 * but for the photo and made-up ids). Public routes send no key: a made-up key is refused with 401, where no key is
 * simply allowed.
 * A route answering an `imageUrl` (the picture's full address on this site) saves the answer and then downloads the
 * picture from that address, read with jq.
 */
export function curlFor(
  doc: Json,
  method: string,
  path: string,
  operation: Json,
  origin: string,
  auth: ReferenceRoute['auth'],
): string {
  const params = (operation.parameters as Json[] | undefined) ?? [];
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    String(params.find((p) => p.name === name)?.example ?? name),
  );
  const lines = [`curl${method === 'GET' ? '' : ` -X ${method}`} ${quote(`${origin}${url}`)}`];
  if (auth === 'session') lines.push(`-b ${quote('mf_session=…')}`);
  // Double quotes, so the shell puts the key in.
  else if (auth === 'premium') lines.push(`-H "Authorization: Bearer $${API_KEY_VARIABLE}"`);
  // A header the route cannot do without, or one a script must send (a share's delete token: only the owner's own
  // browser may leave it out), with its example value.
  for (const p of params)
    if (p.in === 'header' && (p.required === true || p['x-in-examples'] === true))
      lines.push(`-H ${quote(`${String(p.name)}: ${String(p.example ?? '…')}`)}`);
  const content = ((operation.requestBody as Json | undefined)?.content as Record<string, Json> | undefined) ?? {};
  if (content['application/json']) {
    lines.push(
      `-H ${quote('Content-Type: application/json')}`,
      `-d ${quote(JSON.stringify(content['application/json'].example ?? {}))}`,
    );
  } else if (content['multipart/form-data']) {
    // The example's `image` only stands in for the file, which curl sends from disk.
    lines.push('-F image=@photo.jpg');
    for (const [name, value] of Object.entries((content['multipart/form-data'].example as Json | undefined) ?? {})) {
      if (name !== 'image') lines.push(`-F ${quote(`${name}=${String(value)}`)}`);
    }
  }
  if (method === 'GET' && path.endsWith('/image')) lines.push('-o picture.png');
  const answer = successSchema(doc, operation);
  const answerFields = (answer?.properties as Record<string, Json> | undefined) ?? {};
  if (!('imageUrl' in answerFields)) return lines.join(' \\\n  ');
  lines.push('-o answer.json');
  const saveAs = 'format' in answerFields ? `"picture.$(jq -r .format answer.json)"` : 'picture';
  return `${lines.join(' \\\n  ')}\ncurl -o ${saveAs} "$(jq -r .imageUrl answer.json)"`;
}

/** Whether a route's success answer names a stored picture by `imageUrl` (its absolute address on this site). */
export function answersImageUrl(doc: Json, operation: Json): boolean {
  return 'imageUrl' in (((successSchema(doc, operation)?.properties as Json | undefined) ?? {}) as Json);
}

const authOf = (operation: Json): ReferenceRoute['auth'] => {
  const security = (operation.security as Json[] | undefined) ?? [];
  if (security.some((s) => Object.keys(s).length === 0)) return 'public';
  return security.some((s) => 'bearerAuth' in s) ? 'premium' : 'session';
};

export function buildReference(doc: Json, origin: string): ReferenceTag[] {
  const tags = ((doc.tags as { name: string; description: string }[] | undefined) ?? []).map((t) => ({
    ...t,
    routes: [] as ReferenceRoute[],
  }));
  for (const [path, methods] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(methods)) {
      const auth = authOf(operation);
      const params = ((operation.parameters as Json[] | undefined) ?? []).map<Field>((p) => {
        const schema = (p.schema as Json) ?? {};
        return {
          name: String(p.name),
          in: p.in as Field['in'],
          type: typeOf(schema),
          required: p.required === true,
          limits: limitsOf(schema),
          description: String(p.description ?? ''),
        };
      });
      const groups = bodyGroups(doc, operation);
      const fieldGroups = groups.length
        ? groups.map((g) => ({ ...g, fields: [...params, ...g.fields] }))
        : params.length
          ? [{ label: null, fields: params }]
          : [];
      const responses = Object.entries(operation.responses as Record<string, Json>);
      const route: ReferenceRoute = {
        id: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ''),
        description: String(operation.description ?? '').split('\n\nLimits:')[0]!,
        auth,
        fieldGroups,
        answers: responses
          .filter(([status]) => !('x-errors' in (operation.responses as Record<string, Json>)[status]!))
          .map(([status, r]) => ({
            status,
            description: String(r.description ?? ''),
            contentTypes: Object.keys((r.content as Json | undefined) ?? {}),
          })),
        errors: responses.flatMap(([status, r]) =>
          ((r['x-errors'] as { code: string; when: string }[] | undefined) ?? []).map((e) => ({ status, ...e })),
        ),
        limits: (operation['x-limits'] as string[] | undefined) ?? [],
        curl: curlFor(doc, method.toUpperCase(), path, operation, origin, auth),
        imageUrl: answersImageUrl(doc, operation),
      };
      const tag = tags.find((t) => t.name === (operation.tags as string[])[0]);
      if (tag) tag.routes.push(route);
      else tags.push({ name: (operation.tags as string[])[0] ?? 'Other', description: '', routes: [route] });
    }
  }
  return tags.filter((t) => t.routes.length > 0);
}
