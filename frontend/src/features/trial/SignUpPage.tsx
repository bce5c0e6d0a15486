import { Button, Container, Group, PasswordInput, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate } from 'react-router-dom';
import { messages } from '../../lib/messages';
import { passwordStrength } from './password-strength';

export interface Person {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

const COLORS = ['red', 'red', 'orange', 'teal', 'green'];

/** /trial/signup: the person; the company comes next (/trial/companydetails, in the route's state). */
export default function SignUpPage() {
  const navigate = useNavigate();
  const form = useForm<Person>({
    initialValues: { email: '', firstName: '', lastName: '', password: '' },
    validate: {
      email: (value) => (/^\S+@\S+\.\S+$/.test(value) ? null : messages.trialWorkEmail),
      firstName: (value) => (value.trim() ? null : messages.trialFirstName),
      password: (value) => (passwordStrength(value) > 0 ? null : messages.trialPasswordHint),
    },
  });
  const strength = passwordStrength(form.values.password);

  return (
    <Container size={460} py="xl">
      <Title order={1}>{messages.trialSignUp}</Title>
      <Text mt="xs">{messages.trialSignUpIntro}</Text>
      <form noValidate onSubmit={form.onSubmit((person) => navigate('/trial/companydetails', { state: person }))}>
        <Stack mt="lg">
          <TextInput label={messages.trialWorkEmail} type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <Group grow>
            <TextInput label={messages.trialFirstName} autoComplete="given-name" required {...form.getInputProps('firstName')} />
            <TextInput label={messages.trialLastName} autoComplete="family-name" {...form.getInputProps('lastName')} />
          </Group>
          <PasswordInput
            label={messages.password}
            description={messages.trialPasswordHint}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <div>
            <Progress value={(strength / 4) * 100} color={COLORS[strength]} aria-hidden />
            <Text size="sm" mt={4} aria-live="polite">
              {messages.trialPasswordStrength[strength]}
            </Text>
          </div>
          <Button type="submit">{messages.trialContinue}</Button>
        </Stack>
      </form>
    </Container>
  );
}
