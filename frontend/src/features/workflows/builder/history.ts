/** The builder's undo stack: the definitions before each edit, newest last, at most LIMIT of them. */
export const HISTORY_LIMIT = 100;

export interface History<T> {
  past: T[];
  present: T;
}

export function historyStart<T>(present: T): History<T> {
  return { past: [], present };
}

/** An edit: the present goes onto the stack (an edit that changes nothing is not one). */
export function historyPush<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return { past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past, present: next };
}

/** Replaces the present without an undo step (a node being dragged, before it is dropped). */
export function historyReplace<T>(history: History<T>, next: T): History<T> {
  return { ...history, present: next };
}

export function historyUndo<T>(history: History<T>): History<T> {
  if (history.past.length === 0) return history;
  return { past: history.past.slice(0, -1), present: history.past[history.past.length - 1] };
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}
