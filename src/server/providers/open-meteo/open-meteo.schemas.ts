import { z } from 'zod';

const series = z.array(z.number().nullable());

/** One location's daily answer; arrays run parallel to `daily.time` and may hold nulls at the ends. */
export const openMeteoDailySchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  timezone: z.string().optional(),
  daily: z.object({
    time: z.array(z.string()),
    temperature_2m_max: series.optional(),
    temperature_2m_min: series.optional(),
    precipitation_probability_max: series.optional(),
    precipitation_sum: series.optional(),
    weather_code: series.optional(),
  }),
});

/** Several coordinate/date pairs in one call answer with an array, one object per pair. */
export const openMeteoManySchema = z.union([z.array(openMeteoDailySchema), openMeteoDailySchema]);

export type OpenMeteoDaily = z.infer<typeof openMeteoDailySchema>;
