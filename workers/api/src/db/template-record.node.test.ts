import { describe, expect, expectTypeOf, it } from 'vitest';
import { templateSchema, type Template } from '../../../../core/api/templates';
import { getTableColumns } from 'drizzle-orm';
import { templates } from './schema';
import type { TemplateRecord, TemplateRow } from './template-rows';

/**
 * The template record is defined once, by the drizzle table (db/schema.ts); the wire schema (core/api/templates.ts)
 * is the public contract built from it (db/templates.ts). These checks are compiled by the type check: a column added
 * or renamed on one side and not the other fails it until this file says where the field goes.
 */

/** The answer's fields no column holds: made from the row (`animated` from the image key). */
type Derived = 'imageUrl' | 'isPopular' | 'animated';
/** The columns the answer leaves out. */
type Internal = 'imageKey' | 'popularityRank' | 'sourceUrl' | 'createdAt' | 'updatedAt';
/** The fields the answer copies from the row as they are. */
type Copied = 'id' | 'name' | 'width' | 'height' | 'license' | 'author';
/** Stored as text (JSON, or space-separated words), answered parsed. */
type Parsed = 'textBoxes' | 'examples' | 'keywords';

describe('the template record', () => {
  it('is the drizzle table, and the wire schema agrees with it field by field', () => {
    expectTypeOf<Exclude<keyof Template, keyof TemplateRecord>>().toEqualTypeOf<Derived>();
    expectTypeOf<Exclude<keyof TemplateRecord, keyof Template>>().toEqualTypeOf<Internal>();
    expectTypeOf<Pick<TemplateRecord, Copied>>().toEqualTypeOf<Pick<Template, Copied>>();
    expectTypeOf<TemplateRecord[Parsed]>().toEqualTypeOf<string>();
    // What the seed and importers write is an insert of the table.
    expectTypeOf<TemplateRow>().toExtend<typeof templates.$inferInsert>();
    // At run time too: the wire schema's fields are the columns, less the internal ones, plus the derived ones.
    const columns = Object.keys(getTableColumns(templates)).filter(
      (key) => !['imageKey', 'popularityRank', 'sourceUrl', 'createdAt', 'updatedAt'].includes(key),
    );
    expect(Object.keys(templateSchema.shape).sort()).toEqual([...columns, 'imageUrl', 'isPopular', 'animated'].sort());
  });
});
