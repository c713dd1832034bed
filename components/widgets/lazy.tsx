import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ReactNode } from "react";
import { loadStyles } from "../runtime/styles";
import { useT } from "../runtime/useT";
import { WidgetError } from "./WidgetStates";

/** DESIGN §2 / spec §9: a lazy chunk that fails or takes over 120 s. */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ChunkLoadError";
  }
}

export const CHUNK_TIMEOUT = 120_000;

/**
 * Races a chunk's import against the timeout; any failure becomes a ChunkLoadError. It
 * resolves once the page's style sheets are in too, so the widget never shows unstyled.
 */
export function loadChunk<T>(load: () => Promise<T>, timeout = CHUNK_TIMEOUT): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading chunk timed out after ${timeout / 1000} s`)), timeout);
    Promise.all([load(), loadStyles()]).then(
      ([m]) => {
        clearTimeout(timer);
        resolve(m);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(`Loading chunk failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e }));
      },
    );
  });
}

/** Starts loading a chunk when the browser is idle, so the first click finds it ready. */
export function prefetchWhenIdle(load: () => Promise<unknown>): () => void {
  const run = () => void load().catch(() => undefined); // a failed prefetch is retried on use
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 2000);
  return () => window.clearTimeout(id);
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class ChunkBoundary extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError(e: unknown) {
    if (e instanceof ChunkLoadError) return { failed: true };
    throw e;
  }
  render() {
    if (this.state.failed) {
      return <ChunkRetry onRetry={() => this.setState({ failed: false }, this.props.onRetry)} />;
    }
    return this.props.children;
  }
}

function ChunkRetry({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <WidgetError message={t("gmp-lib:chunk.failed")} onRetry={onRetry} />
  );
}

/**
 * Renders a lazily loaded component; when its chunk fails to load, the page offers a
 * retry, which imports it anew (React.lazy would keep the failure forever). `fallback`
 * shows while the chunk loads (a placeholder of the component's size avoids a shift).
 */
export function LazyWidget<P extends object>({ load, props, fallback = null }: { load: () => Promise<{ default: ComponentType<P> }>; props: P; fallback?: ReactNode }) {
  const [attempt, setAttempt] = useState(0);
  const Lazy = useMemo(() => lazy(() => loadChunk(load)), [load, attempt]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <ChunkBoundary onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
