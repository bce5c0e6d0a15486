import { summaryMessages as text } from './messages';

interface ScheduleFields {
  frequency: string;
  weekdays: number[];
  monthDays: number[];
  sendTime: string;
}

/** An instant the API gave with the client's offset, as its wall-clock date and time. */
export function wallClock(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16).replace('T', ' ') : '';
}

/** "Every day at 09:00", "Mon, Fri at 08:15", "1st, 15th of the month at 09:00". */
export function scheduleText(schedule: ScheduleFields): string {
  const at = `at ${schedule.sendTime}`;
  if (schedule.frequency === 'Week') return `${schedule.weekdays.map((day) => text.weekdayShort[day]).join(', ')} ${at}`;
  if (schedule.frequency === 'Month') return `${schedule.monthDays.map(text.ordinal).join(', ')} of the month ${at}`;
  return `Every day ${at}`;
}
