from django.contrib import admin

from tenants.models import Client, Domain, Membership, Plan, SetAsideBatch, User
from tenants.operators import operators_site


@admin.register(Client, site=operators_site)
class ClientAdmin(admin.ModelAdmin):
    list_display = ("name", "schema_name", "site_type", "status", "plan")
    search_fields = ("name", "schema_name")
    # The parent suite's shared secret is shown once, by `create_client`; never here.
    exclude = ("sso_secret",)


operators_site.register(Domain)
operators_site.register(Plan)


@admin.register(User, site=operators_site)
class UserAdmin(admin.ModelAdmin):
    list_display = ("email", "first_name", "last_name", "is_superadmin", "is_active")
    search_fields = ("email",)
    exclude = ("password",)


@admin.register(Membership, site=operators_site)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "client", "role", "has_mkm_access", "is_active")
    list_filter = ("role",)


@admin.register(SetAsideBatch, site=operators_site)
class SetAsideBatchAdmin(admin.ModelAdmin):
    """Work a queue-draining task set aside after its last attempt: read it, fix the cause,
    delete the row (the entries can be queued again by hand)."""

    list_display = ("set_aside_at", "queue", "client_id", "batch", "attempts")
    list_filter = ("queue",)
    readonly_fields = (
        "queue",
        "client_id",
        "batch",
        "entries",
        "attempts",
        "error",
        "set_aside_at",
    )

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
