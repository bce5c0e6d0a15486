import type { AssociatedCampaign, HeaderFooterKind } from '../../api/templates';

/** Spec 7: the statuses a delete confirmation groups campaigns by, in order; footers also list Scheduled. */
export function campaignStatusGroups(kind: HeaderFooterKind): string[] {
  return kind === 'footer' ? ['Draft', 'Published', 'Unpublished', 'Scheduled'] : ['Draft', 'Published', 'Unpublished'];
}

/**
 * The campaigns using a header or footer, grouped by status in the spec's order; a status
 * outside it (the back end added one) follows in its own group rather than being dropped.
 */
export function groupCampaigns(kind: HeaderFooterKind, campaigns: AssociatedCampaign[]): { status: string; names: string[] }[] {
  const known = campaignStatusGroups(kind);
  const byStatus = new Map<string, string[]>(known.map((status) => [status, []]));
  for (const campaign of campaigns) {
    const status = known.find((name) => name.toLowerCase() === campaign.Status.toLowerCase()) ?? campaign.Status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), campaign.CampaignName]);
  }
  return [...byStatus].filter(([, names]) => names.length > 0).map(([status, names]) => ({ status, names }));
}

/** Spec 5.2: a footer's background and font colours must differ (compared as colours, not as text). */
export function sameColors(background: string, font: string): boolean {
  const normal = (color: string) => {
    const value = color.trim().toLowerCase();
    const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(value);
    return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : value;
  };
  return normal(background) === normal(font);
}

/** The footer as a campaign shows it: its HTML on its background, in its font colour. */
export function footerPreview(html: string, background: string, font: string): string {
  const safe = (color: string) => (/^#[0-9a-f]{3,8}$/i.test(color.trim()) ? color.trim() : 'inherit');
  return `<div style="background-color:${safe(background)};color:${safe(font)};padding:16px">${html}</div>`;
}
