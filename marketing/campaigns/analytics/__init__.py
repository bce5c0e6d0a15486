"""The campaign reports' reads (spec 2.4 /emailcampaignreport, /regularcampaignreport, the
A/B reports, /campaignDetails, /scheduleSummary, /recentcampaigns, /performanceReport).

Read only, set-based: each figure is one grouped query over the ledger (delivery's
selectors) or the email events (tracking's selectors), composed here as SQL those apps
hand out, so no report touches another app's tables by name. Human and machine events
are counted apart (machine opens and bot clicks never enter a rate)."""
