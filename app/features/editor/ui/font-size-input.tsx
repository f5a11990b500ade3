import { useEffect, useState } from 'react';
import { TEXT_SIZE_TOOLBAR } from '../../../../core/editor';
import { toast } from '~/lib/toast';
import { typedFontSize } from '../model/text-style';
import { controlClass } from './controls';

/**
 * The toolbar's typed font size. What is typed is kept as typed while the person types (a controlled number that
 * applied each keystroke turned "120" into 12, then clamped nonsense); a size within range applies at once, and on
 * Enter or leaving the field anything outside 8–400 is clamped and the editor says so.
 */
export function FontSizeInput({
  value,
  disabled,
  onCommit,
}: {
  value: number | null;
  disabled: boolean;
  onCommit: (size: number) => void;
}) {
  const [draft, setDraft] = useState(value === null ? '' : String(value));
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (!editing) setDraft(value === null ? '' : String(value));
  }, [value, editing]);

  const commit = () => {
    setEditing(false);
    const typed = typedFontSize(draft);
    if (!typed) return setDraft(value === null ? '' : String(value));
    if (typed.clamped) {
      toast.info(
        `Font size set to ${typed.size} px`,
        `Sizes go from ${TEXT_SIZE_TOOLBAR.min} to ${TEXT_SIZE_TOOLBAR.max} px.`,
      );
    }
    setDraft(String(typed.size));
    if (typed.size !== value) onCommit(typed.size);
  };

  return (
    <input
      type="number"
      aria-label="Font size"
      className={`${controlClass} w-20`}
      min={TEXT_SIZE_TOOLBAR.min}
      max={TEXT_SIZE_TOOLBAR.max}
      disabled={disabled}
      value={draft}
      onFocus={() => setEditing(true)}
      onChange={(e) => {
        setEditing(true);
        setDraft(e.target.value);
        const typed = typedFontSize(e.target.value);
        if (typed && !typed.clamped && typed.size !== value) onCommit(typed.size);
      }}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}
