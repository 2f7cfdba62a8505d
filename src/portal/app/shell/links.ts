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
