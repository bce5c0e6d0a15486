"""The Activity screen: the audit trail read, filtered and exported by admins."""
