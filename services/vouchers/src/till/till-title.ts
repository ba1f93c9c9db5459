/** A code's title as the till shows it (its lines, its matches, its offline copy): its custom title, else partner · service. */
export const tillTitle = (code: {
  custom_title: string | null;
  clinic_name: string;
  service: string;
}): string => code.custom_title?.trim() || `${code.clinic_name} · ${code.service}`;
