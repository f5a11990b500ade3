import type { MemeCanvas } from '../canvas/meme-canvas';
import type { LayerView } from '../model/store';

export function LayersPanel({ layers, editor }: { layers: LayerView[]; editor: MemeCanvas | null }) {
  return (
    <section aria-labelledby="layers-heading" className="flex flex-col gap-2">
      <h2 id="layers-heading" className="text-sm font-semibold text-slate-800 dark:text-slate-100">
        Layers
      </h2>
      {layers.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">No layers yet</p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="Layers">
          {layers.map((layer) => (
            <li
              key={layer.id}
              className="flex items-center gap-1 rounded border border-slate-200 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-800"
            >
              <button
                type="button"
                className={`min-w-0 flex-1 truncate text-left ${layer.visible ? '' : 'text-slate-400 line-through'} dark:text-slate-100`}
                onClick={() => editor?.selectLayer(layer.id)}
                title={layer.name}
              >
                <span className="sr-only">{layer.type} layer: </span>
                {layer.name}
              </button>
              <button
                type="button"
                aria-label={`${layer.visible ? 'Hide' : 'Show'} ${layer.name}`}
                aria-pressed={!layer.visible}
                className="rounded px-1.5 py-0.5 hover:bg-slate-100 dark:hover:bg-slate-700"
                onClick={() => editor?.toggleVisibility(layer.id)}
              >
                {layer.visible ? '👁' : '🚫'}
              </button>
              <button
                type="button"
                aria-label={`Remove ${layer.name}`}
                className="rounded px-1.5 py-0.5 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
                onClick={() => editor?.removeLayer(layer.id)}
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
