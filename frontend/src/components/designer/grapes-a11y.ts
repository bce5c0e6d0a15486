// What every GrapesJS designer of the app does to GrapesJS' own controls (the email designer,
// the landing page designer): names, roles and keyboard access for its panel buttons and
// blocks, labels for its bare controls, and ending the text being edited before a save.
import type { Block, Button, Editor, Panel } from 'grapesjs';

/** The words a designer gives GrapesJS' controls. */
export interface DesignerLabels {
  componentState: string;
  addBlock: (name: string) => string;
  /** Panel buttons (icons only), by button id. */
  panelButtons: Record<string, string>;
}

/**
 * GrapesJS' panel buttons are bare spans, most with an icon only: each gets a name, the
 * button role and a place in the tab order, and Enter or Space presses it. The views panel
 * scrolls, so it takes focus too.
 */
export function makePanelButtonsAccessible(editor: Editor, container: HTMLElement, text: DesignerLabels) {
  editor.Panels.getPanels().forEach((panel: Panel) => {
    panel.buttons.forEach((button: Button) => {
      const id = String(button.get('id') ?? '');
      const attributes = button.get('attributes') ?? {};
      const name = text.panelButtons[id] ?? attributes.title;
      button.set(
        'attributes',
        name ? { ...attributes, title: name, 'aria-label': name, role: 'button', tabindex: '0' } : { ...attributes, 'aria-hidden': 'true' },
      );
    });
  });
  container.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if ((event.key === 'Enter' || event.key === ' ') && target.matches('.gjs-pn-btn[role="button"]')) {
      event.preventDefault();
      target.click();
    }
  });
  container.querySelectorAll<HTMLElement>('.gjs-pn-views-container').forEach((views) => views.setAttribute('tabindex', '0'));
}

/**
 * Blocks are dragged with a mouse, and a click adds one too: at the end of the email (a click
 * that did nothing read as a broken block). From the keyboard, Enter or Space on a block adds
 * it after the selected component (or at the end of the email).
 */
export function makeBlocksKeyboardReachable(editor: Editor, container: HTMLElement, text: DesignerLabels) {
  const mark = () =>
    container.querySelectorAll<HTMLElement>('.gjs-block:not([role])').forEach((element) => {
      element.setAttribute('role', 'button');
      element.setAttribute('tabindex', '0');
      element.setAttribute('aria-label', text.addBlock(element.getAttribute('title') ?? element.textContent?.trim() ?? ''));
    });
  mark();
  editor.on('run', () => setTimeout(mark));
  const add = (element: HTMLElement, afterSelected: boolean) => {
    const label = element.getAttribute('title');
    const block = editor.Blocks.getAll().find((item: Block) => item.getLabel() === label);
    if (!block) return;
    const selected = afterSelected ? editor.getSelected() : undefined;
    const parent = selected?.parent();
    const added = parent
      ? parent.components().add(block.get('content') as never, { at: selected!.index() + 1 })
      : editor.getWrapper()?.append(block.get('content') as never);
    const first = Array.isArray(added) ? added[0] : added;
    if (first) editor.select(first);
  };
  container.addEventListener('keydown', (event) => {
    const element = (event.target as HTMLElement).closest<HTMLElement>('.gjs-block[role="button"]');
    if (!element || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    add(element, true);
  });
  // A drag that drops a block fires no click, so a block is never added twice.
  container.addEventListener('click', (event) => {
    const element = (event.target as HTMLElement).closest<HTMLElement>('.gjs-block[role="button"]');
    if (element) add(element, false);
  });
}

/** Form controls GrapesJS renders without a label. */
export function labelControls(container: HTMLElement, text: DesignerLabels) {
  container.querySelectorAll<HTMLElement>('#gjs-clm-states:not([aria-label])').forEach((select) => select.setAttribute('aria-label', text.componentState));
}

/** Ends rich-text editing so the text being typed is part of the design before it is read. */
export async function commitEditing(editor: Editor): Promise<void> {
  const view = editor.getEditing()?.getView() as { disableEditing?: () => Promise<void> } | undefined;
  if (view?.disableEditing) await view.disableEditing();
}

