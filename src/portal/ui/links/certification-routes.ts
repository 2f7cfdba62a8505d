/** The embedded certification routes (certmetrics flag): the header's Certification menu and the launchpad open them. */
export const CERTIFICATION_ROUTES = {
  exams: '/certification/exams',
  certifications: '/certification/certifications',
  continuingEducation: '/certification/continuing-education',
} as const;
