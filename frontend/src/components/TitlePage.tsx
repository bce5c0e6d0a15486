import { Title } from '@mantine/core';

/** Every route's screen is built later; until then it shows its title from the route table. */
export default function TitlePage({ title }: { title: string }) {
  return <Title order={1}>{title}</Title>;
}
