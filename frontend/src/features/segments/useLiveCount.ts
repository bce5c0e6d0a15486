import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { listDebounceMs } from '../../components/list/page-sizes';
import { countRules, previewRules, type FieldOption, type Preview, type RuleTree } from './api';
import { placeErrors, toWire, type GroupNode } from './rule-tree';

/** Who counts the rules: the client's segmentCount, or another count answering at least `count` (biSegmentCount). */
export type Counter<A extends { count: number }> = (rules: RuleTree, signal: AbortSignal) => Promise<A>;

export interface LiveCount<A extends { count: number } = { count: number }> {
  /** Null before the first answer, or when no finished rule is left to count. */
  count: number | null;
  counting: boolean;
  /** The rules' problems by node id, as the API words them. */
  errors: Record<string, string[]>;
  /** A refusal that names no rule. */
  message: string | null;
  preview: Preview['items'] | null;
  /** Whether any finished rule is left to count. */
  countable: boolean;
  /** The counter's whole answer (a BI count's rows per client), null when `count` is. */
  answer: A | null;
}

const notCounted = { count: null, counting: false, errors: {}, message: null, preview: null, answer: null };

/**
 * The builder's live count (segmentCount), or count and first page (segmentPreview) while the
 * preview is shown: asked 700 ms after the last change (spec 9), of the finished rules only;
 * a newer change aborts an older call. `counter` replaces segmentCount (the BI builder's
 * count across clients); the preview is the client's only.
 */
export function useLiveCount(tree: GroupNode, fields: ReadonlyMap<string, FieldOption>, withPreview: boolean): LiveCount;
export function useLiveCount<A extends { count: number }>(tree: GroupNode, fields: ReadonlyMap<string, FieldOption>, withPreview: false, counter: Counter<A>): LiveCount<A>;
export function useLiveCount<A extends { count: number }>(
  tree: GroupNode,
  fields: ReadonlyMap<string, FieldOption>,
  withPreview: boolean,
  counter?: Counter<A>,
): LiveCount<A | { count: number }> {
  const wire = useMemo(() => toWire(tree, fields, { onlyComplete: true }), [tree, fields]);
  const [sent] = useDebouncedValue(wire, listDebounceMs);
  const sentRef = useRef(sent);
  sentRef.current = sent;
  const key = JSON.stringify(sent.rules);
  const counterRef = useRef<Counter<A | { count: number }>>(counter ?? countRules);
  counterRef.current = counter ?? countRules;
  const [state, setState] = useState<Omit<LiveCount<A | { count: number }>, 'countable'>>(notCounted);

  useEffect(() => {
    const { rules, paths } = sentRef.current;
    if (!rules) {
      setState(notCounted);
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ ...current, counting: true }));
    const asked: Promise<{ answer: A | { count: number }; items: Preview['items'] | null }> = withPreview
      ? previewRules(rules, controller.signal).then((answer) => ({ answer: { count: answer.count }, items: answer.items }))
      : counterRef.current(rules, controller.signal).then((answer) => ({ answer, items: null }));
    asked
      .then(({ answer, items }) => setState({ count: answer.count, counting: false, errors: {}, message: null, preview: items, answer }))
      .catch((caught: unknown) => {
        const placed = caught instanceof ApiError ? placeErrors(caught.errors, paths) : { byNode: {}, other: {} };
        const named = Object.keys(placed.byNode).length > 0;
        setState({
          count: null,
          counting: false,
          errors: placed.byNode,
          message: named ? null : caught instanceof Error ? caught.message : String(caught),
          preview: null,
          answer: null,
        });
      });
    return () => controller.abort();
  }, [key, withPreview]);

  return { ...state, countable: wire.rules !== null };
}
