export {
  $avatarVersion,
  $profile,
  avatarUrl,
  fetchAvatar,
  loadProfile,
  updateProfile,
  uploadAvatar,
} from './profileStore';
