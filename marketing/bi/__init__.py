"""BI segments (spec 2.2, /segmentListbi?type=bi, super-admins only): one rule tree run by
the segments engine in every client's schema, the counts combined. They live in the public
schema, belong to no client, and only read clients' data."""
