/** The names in config.links the header reads. */
export const HEADER_LINKS = {
  store: 'store',
  helpCenter: 'helpCenter',
  contactSupport: 'contactSupport',
  community: 'community',
  legal: 'legal',
  myExams: 'exams',
  certifications: 'certification.home',
  continuingEducation: 'certification.continuingEducation',
} as const;

/** The certification routes of the header's Certification menu (certmetrics flag). */
export const CERTIFICATION_ROUTES = {
  exams: '/certification/exams',
  certifications: '/certification/certifications',
  continuingEducation: '/certification/continuing-education',
} as const;
