import { useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import type { RuleOptions } from './api';
import { treeActions } from './RuleGroupEditor';
import type { GroupNode } from './rule-tree';

/**
 * A builder's rule tree being edited (the segment builder's and the BI builder's): the tree,
 * whether anything changed since the last save (closing the tab then asks first), the API's
 * errors placed under their rules (cleared by the next change), and the tree's actions.
 */
export function useTreeEditor(initialTree: GroupNode, options: Pick<RuleOptions, 'fields'>) {
  const [tree, setTree] = useState<GroupNode>(initialTree);
  const [dirty, setDirty] = useState(false);
  const [ruleErrors, setRuleErrors] = useState<Record<string, string[]>>({});

  useWindowEvent('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });

  const changeTree = (change: (current: GroupNode) => GroupNode) => {
    setTree(change);
    setRuleErrors({});
    setDirty(true);
  };
  const actions = treeActions(changeTree, options);

  return { tree, dirty, setDirty, ruleErrors, setRuleErrors, actions };
}
