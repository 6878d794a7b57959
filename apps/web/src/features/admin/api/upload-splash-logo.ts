import { useMutation } from "@tanstack/react-query";
import { uploadImage } from "./upload-image.ts";

export const uploadSplashLogo = (file: File) => uploadImage<{ url: string }>("/admin/settings/splash-logo", file);

export const useUploadSplashLogo = () => useMutation({ mutationFn: uploadSplashLogo });
