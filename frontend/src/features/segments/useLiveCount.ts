import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { listDebounceMs } from '../../components/list/page-sizes';
import { countRules, previewRules, type FieldOption, type Preview } from './api';
import { placeErrors, toWire, type GroupNode } from './rule-tree';

export interface LiveCount {
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
}

/**
 * The builder's live count (segmentCount), or count and first page (segmentPreview) while the
 * preview is shown: asked 700 ms after the last change (spec 9), of the finished rules only;
 * a newer change aborts an older call.
 */
export function useLiveCount(tree: GroupNode, fields: ReadonlyMap<string, FieldOption>, withPreview: boolean): LiveCount {
  const wire = useMemo(() => toWire(tree, fields, { onlyComplete: true }), [tree, fields]);
  const [sent] = useDebouncedValue(wire, listDebounceMs);
  const sentRef = useRef(sent);
  sentRef.current = sent;
  const key = JSON.stringify(sent.rules);
  const [state, setState] = useState<Omit<LiveCount, 'countable'>>({ count: null, counting: false, errors: {}, message: null, preview: null });

  useEffect(() => {
    const { rules, paths } = sentRef.current;
    if (!rules) {
      setState({ count: null, counting: false, errors: {}, message: null, preview: null });
      return;
    }
    const controller = new AbortController();
    setState((current) => ({ ...current, counting: true }));
    const asked = withPreview
      ? previewRules(rules, controller.signal)
      : countRules(rules, controller.signal).then((answer) => ({ count: answer.count, items: null }));
    asked
      .then((answer) => setState({ count: answer.count, counting: false, errors: {}, message: null, preview: answer.items }))
      .catch((caught: unknown) => {
        const placed = caught instanceof ApiError ? placeErrors(caught.errors, paths) : { byNode: {}, other: {} };
        const named = Object.keys(placed.byNode).length > 0;
        setState({
          count: null,
          counting: false,
          errors: placed.byNode,
          message: named ? null : caught instanceof Error ? caught.message : String(caught),
          preview: null,
        });
      });
    return () => controller.abort();
  }, [key, withPreview]);

  return { ...state, countable: wire.rules !== null };
}
