export { avatarFileError, type ProfileActions, ProfileCard, type ProfileCardProps } from './ProfileCard';
