"""The operators' admin (/django-admin/ on the public host). It signs in super-admins only,
with the same backoff as every other sign-in, and marks the session it makes: the
middleware (OperatorsAdminMiddleware) serves no other session here, so a session made on
a client host, or a session key read out of anything, opens nothing."""

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.core.exceptions import ValidationError

from tenants.messages import TOO_MANY_ATTEMPTS
from tenants.middleware import OPERATOR_SESSION_KEY, SESSION_CLIENT_KEY, SESSION_METHOD_KEY
from tenants.services import password_check
from tenants.sign_in_guard import SignInThrottled


class OperatorLoginForm(AdminAuthenticationForm):
    def clean(self):
        email = self.cleaned_data.get("username") or ""
        password = self.cleaned_data.get("password") or ""
        try:
            user = password_check(request=self.request, email=email, password=password)
        except SignInThrottled as exc:
            raise ValidationError(TOO_MANY_ATTEMPTS, code="throttled") from exc
        if user is None or not user.is_superadmin:
            raise self.get_invalid_login_error()
        self.confirm_login_allowed(user)
        self.user_cache = user
        return self.cleaned_data


class OperatorsAdminSite(admin.AdminSite):
    site_header = "Mailcraft operators"
    site_title = "Mailcraft operators"
    login_form = OperatorLoginForm

    def login(self, request, extra_context=None):
        response = super().login(request, extra_context)
        user = request.user
        if request.method == "POST" and user.is_authenticated and user.is_superadmin:
            request.session[OPERATOR_SESSION_KEY] = True
            request.session[SESSION_CLIENT_KEY] = request.tenant.pk
            request.session[SESSION_METHOD_KEY] = "password"
        return response


operators_site = OperatorsAdminSite(name="operators")
