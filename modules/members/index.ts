/** Members as the community sees them: the admin's featured members (the boards are the community projection's). */
export { featureMember } from './commands';
export { memberDecider, memberStream, type MemberCommand } from './domain/member';
export * from './contracts';
