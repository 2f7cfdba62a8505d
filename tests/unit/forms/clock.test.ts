import { capHour, capMinute, fromUtcTime, toUtcHour, toUtcTime } from '../../../src/portal/forms/widgets/clock';

describe('12-hour clock to UTC', () => {
  it('maps 12 AM to hour 0 and keeps other AM hours', () => {
    expect(toUtcHour(12, 'AM')).toBe(0);
    expect(toUtcHour(1, 'AM')).toBe(1);
    expect(toUtcHour(11, 'AM')).toBe(11);
  });

  it('adds 12 to PM hours below 12 and keeps 12 PM as 12', () => {
    expect(toUtcHour(1, 'PM')).toBe(13);
    expect(toUtcHour(11, 'PM')).toBe(23);
    expect(toUtcHour(12, 'PM')).toBe(12);
  });

  it('formats the UTC time of day as HH:mm', () => {
    expect(toUtcTime({ hour: 12, minute: 5, meridiem: 'AM' })).toBe('00:05');
    expect(toUtcTime({ hour: 7, minute: 30, meridiem: 'PM' })).toBe('19:30');
  });

  it('caps the hour at 12 and the minutes at 59', () => {
    expect(capHour('13')).toBe(12);
    expect(capHour('99')).toBe(12);
    expect(capHour('0')).toBe(1);
    expect(capHour('')).toBeUndefined();
    expect(capMinute('75')).toBe(59);
    expect(capMinute('7a')).toBe(7);
    expect(toUtcTime({ hour: 15, minute: 80, meridiem: 'PM' })).toBe('12:59');
  });

  it('reads a stored time back into the 12-hour clock', () => {
    expect(fromUtcTime('00:05')).toEqual({ hour: 12, minute: 5, meridiem: 'AM' });
    expect(fromUtcTime('12:00')).toEqual({ hour: 12, minute: 0, meridiem: 'PM' });
    expect(fromUtcTime('19:30')).toEqual({ hour: 7, minute: 30, meridiem: 'PM' });
    expect(fromUtcTime('25:00')).toBeUndefined();
    expect(fromUtcTime(undefined)).toBeUndefined();
  });
});
