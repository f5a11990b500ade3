import { describe, expect, it } from 'vitest';
import { textBoxSchema } from '../../../../core/api/templates';
import {
  DEFAULT_TEXT_STYLE,
  NEW_LAYER_STYLE,
  applyStyle,
  familyFromStack,
  fontForTemplate,
  layerName,
  styleFromTemplateBox,
  templateText,
  toggleStyle,
  typedFontSize,
} from './text-style';

describe('text styles', () => {
  it('new text has the meme look: 30 px Impact, white with a black 3 px outline, centred, not bolded', () => {
    const meme = {
      fontSize: 30,
      fontFamily: 'Impact',
      fill: '#ffffff',
      stroke: '#000000',
      strokeWidth: 3,
      fontWeight: 'normal',
      fontStyle: 'normal',
      textAlign: 'center',
    };
    expect(DEFAULT_TEXT_STYLE).toMatchObject(meme);
    expect(NEW_LAYER_STYLE).toMatchObject(meme);
  });

  it('takes a typed size within 8–400 as typed and clamps anything else, saying it did', () => {
    expect(typedFontSize('120')).toEqual({ size: 120, clamped: false });
    expect(typedFontSize(' 64.4 ')).toEqual({ size: 64, clamped: false });
    expect(typedFontSize('500')).toEqual({ size: 400, clamped: true });
    expect(typedFontSize('2')).toEqual({ size: 8, clamped: true });
    expect(typedFontSize('')).toBeNull();
    expect(typedFontSize('abc')).toBeNull();
  });

  it('clamps size to 8–400 and stroke to 0–10', () => {
    expect(applyStyle(NEW_LAYER_STYLE, { fontSize: 500 }).fontSize).toBe(400);
    expect(applyStyle(NEW_LAYER_STYLE, { fontSize: 2 }).fontSize).toBe(8);
    expect(applyStyle(NEW_LAYER_STYLE, { strokeWidth: 40 }).strokeWidth).toBe(10);
    expect(applyStyle(NEW_LAYER_STYLE, { strokeWidth: -1 }).strokeWidth).toBe(0);
  });

  it('toggles bold, italic and underline', () => {
    expect(toggleStyle(DEFAULT_TEXT_STYLE, 'bold')).toEqual({ fontWeight: 'bold' });
    expect(toggleStyle(DEFAULT_TEXT_STYLE, 'italic')).toEqual({ fontStyle: 'italic' });
    expect(toggleStyle(DEFAULT_TEXT_STYLE, 'underline')).toEqual({ underline: true });
  });

  it('names a layer after the first 20 characters of its text, on one line', () => {
    expect(layerName('When you see it and\nyou cannot unsee it')).toBe('When you see it and…');
    expect(layerName('Exactly twenty chars')).toBe('Exactly twenty chars');
    expect(layerName('   ')).toBe('Text');
    expect(layerName('😀'.repeat(25))).toBe(`${'😀'.repeat(20)}…`);
  });

  it('maps memegen fonts and colours to a template text style', () => {
    expect(fontForTemplate('thick')).toBe('Impact');
    expect(fontForTemplate('Georgia')).toBe('Georgia');
    expect(fontForTemplate('unknown-font')).toBe('Impact');
    const white = styleFromTemplateBox(
      textBoxSchema.parse({ anchor_x: 0, anchor_y: 0, scale_x: 1, scale_y: 0.2, font: 'thick' }),
    );
    expect(white).toMatchObject({ fontFamily: 'Impact', fill: 'white', stroke: '#000000', textAlign: 'center' });
    const black = styleFromTemplateBox(
      textBoxSchema.parse({ anchor_x: 0, anchor_y: 0, scale_x: 1, scale_y: 0.1, color: 'black', align: 'left' }),
    );
    expect(black).toMatchObject({ stroke: '#ffffff', textAlign: 'left' });
  });

  it('upper-cases text only for the upper style', () => {
    const upper = textBoxSchema.parse({ anchor_x: 0, anchor_y: 0, scale_x: 1, scale_y: 0.2 });
    expect(templateText(upper, 'aliens')).toBe('ALIENS');
    expect(templateText({ ...upper, style: 'none' }, 'aliens')).toBe('aliens');
  });

  it('reads the family back from the font stack the canvas stores', () => {
    expect(familyFromStack('"Comic Sans MS", "Noto Sans", sans-serif')).toBe('Comic Sans MS');
    expect(familyFromStack('Impact')).toBe('Impact');
  });
});
