/**
 * One way to say what is wrong with a request (ADR 0111): the first problem zod found, as a sentence that names the
 * field in words ("Target bytes must be a whole number", not "targetBytes: Invalid input"). Messages our schemas
 * write for people are kept as they are; a message that starts with a lower-case verb ("must be true or false") gets
 * its field's name in front; zod's own generic messages are rewritten from the issue's facts.
 */

/** The parts of a zod issue this needs (zod 4's issue objects have these fields). */
export interface Issue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  expected?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  origin?: unknown;
  values?: readonly unknown[];
  /** An `invalid_union`'s issues, one list per option of the union (zod 4). */
  errors?: readonly (readonly Issue[])[];
}

/** zod's English defaults begin like this; ours never do (a test in core keeps it so). */
const GENERIC = /^(Invalid (input|option|string|value|key|element|union)|Too (small|big)|Unrecognized key)/;

/** `targetBytes` → "Target bytes", `boxes.2.text` → "Boxes item 3 text". */
export function fieldName(path: readonly PropertyKey[]): string {
  const words = path
    .map((p) =>
      typeof p === 'number'
        ? `item ${p + 1}`
        : String(p)
            .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
            .replace(/[_-]+/g, ' ')
            .toLowerCase(),
    )
    .join(' ')
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : '';
}

const typeWords: Record<string, string> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function generic(issue: Issue, field: string): string {
  const subject = field || 'The request';
  switch (issue.code) {
    case 'invalid_type':
      // zod reports the input only when asked to; its message says what it received.
      if (/received undefined$/.test(issue.message)) return field ? `${field} is required.` : 'The request is empty.';
      return `${subject} must be ${typeWords[String(issue.expected)] ?? String(issue.expected)}.`;
    case 'too_small':
      return issue.origin === 'string'
        ? `${subject} must have at least ${String(issue.minimum)} characters.`
        : issue.origin === 'array'
          ? `${subject} must have at least ${String(issue.minimum)} items.`
          : `${subject} must be at least ${String(issue.minimum)}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `${subject} must have at most ${String(issue.maximum)} characters.`
        : issue.origin === 'array'
          ? `${subject} must have at most ${String(issue.maximum)} items.`
          : `${subject} must be at most ${String(issue.maximum)}.`;
    case 'invalid_value':
      return issue.values?.length
        ? `${subject} must be one of: ${issue.values.map(String).join(', ')}.`
        : `${subject} is not valid.`;
    case 'unrecognized_keys':
      return `${subject} has fields this route does not take.`;
    default:
      return `${subject} is not valid.`;
  }
}

/**
 * A union none of whose options took the input ("text or a list of texts"): the option of the input's own kind says
 * what is wrong (13 captions: "At most 12 captions."), not the union ("Captions is not valid."). The option of
 * another kind is the one whose first issue is a wrong type for the whole value.
 */
function unionReason(issue: Issue): Issue | undefined {
  const ofItsKind = issue.errors?.find(
    (branch) => branch.length > 0 && !(branch[0]!.code === 'invalid_type' && branch[0]!.path.length === 0),
  );
  const first = ofItsKind?.[0];
  return first && { ...first, path: [...issue.path, ...first.path] };
}

/** The sentence for the first issue (or a general one when there is none). */
export function describeIssue(issue: Issue | undefined): string {
  if (!issue) return 'The request is not valid.';
  // A union with words of its own keeps them; zod's generic words for a union are replaced by the option's reason.
  if (issue.code === 'invalid_union' && GENERIC.test(issue.message)) {
    const reason = unionReason(issue);
    if (reason) return describeIssue(reason);
  }
  const field = fieldName(issue.path);
  if (GENERIC.test(issue.message)) return generic(issue, field);
  if (field && /^[a-z]/.test(issue.message)) return `${field} ${issue.message.replace(/\.?$/, '.')}`;
  return issue.message;
}
