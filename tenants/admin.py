from django.contrib import admin

from tenants.models import Client, Domain, Membership, Plan, User
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
