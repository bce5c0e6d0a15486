import { Alert, Button, Container, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { login } from '../../api/auth';
import { ApiError } from '../../api/client';
import { messages } from '../../lib/messages';
import { keepTokenIfCookiesRefused } from '../../lib/credentials';
import { safeNext } from './safe-next';

export default function LoginPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const { token } = await login({ email, password });
      keepTokenIfCookiesRefused(token);
      navigate(safeNext(query.get('next')), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : messages.somethingWentWrongTryAgain);
      setSubmitting(false);
    }
  };

  return (
    <Container size={420} py="xl">
      <Title order={1}>{messages.loginTitle}</Title>
      <form onSubmit={submit} noValidate>
        <Stack mt="lg">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label={messages.email}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <PasswordInput
            label={messages.password}
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <Button type="submit" loading={submitting}>
            {messages.signIn}
          </Button>
        </Stack>
      </form>
    </Container>
  );
}
