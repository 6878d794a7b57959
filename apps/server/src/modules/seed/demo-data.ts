// The demo catalogue (001 §3: ten products, five brands, sample videos, at most 5 reviews rated 3-5).
// Demo data is not product behaviour: a shop owner replaces it with their own catalogue.
import { DEMO_CATEGORIES } from "@reelmart/core/constants";

export interface DemoMarketplace {
  key: string;
  name: string;
  tagline: string;
  /** File under assets/flags. */
  flag: string;
}

export interface DemoBrand {
  key: string;
  name: string;
  description: string;
  /** The lucide icon of its mark, and the mark's background and accent colours. */
  icon: string;
  colors: [string, string];
  websiteUrl: string | null;
  featured: boolean;
}

export interface DemoProduct {
  key: string;
  title: string;
  brand: string;
  category: (typeof DEMO_CATEGORIES)[number];
  description: string;
  /** The lucide icon drawn as the product in its images and videos. */
  icon: string;
  price: string;
  discountPercentage: number;
  stock: number;
  /** Background and accent of the generated images and videos. */
  colors: [string, string];
  toneHz: number;
  specifications: Record<string, string>;
  highlights: string[];
  promotion: { label: string; endsInDays: number } | null;
  variants: Array<{ size?: string; color?: string; colorHex?: string; stock: number; priceAdjustment?: string }>;
  /** Marketplace keys (at least three). */
  marketplaces: string[];
  reviews: Array<{ author: string; rating: 3 | 4 | 5; body: string }>;
}

/** The category rows: the spec's list plus 'other', which new draft products use. */
export const DEMO_CATEGORY_ROWS = [...DEMO_CATEGORIES, "other"];

export const DEMO_MARKETPLACES: DemoMarketplace[] = [
  { key: "india", name: "India", tagline: "Festive deals, delivered across India", flag: "in.svg" },
  { key: "uae", name: "United Arab Emirates", tagline: "Same-day delivery in Dubai and Abu Dhabi", flag: "ae.svg" },
  { key: "uk", name: "United Kingdom", tagline: "Free returns within 30 days", flag: "gb.svg" },
  { key: "usa", name: "United States", tagline: "Fast shipping coast to coast", flag: "us.svg" },
];

const ALL_MARKETS = DEMO_MARKETPLACES.map((marketplace) => marketplace.key);

export const DEMO_BRANDS: DemoBrand[] = [
  {
    key: "nimbus-audio",
    name: "Nimbus Audio",
    description: "Headphones and speakers tuned in Bengaluru for rooms, commutes and everything between.",
    icon: "audio-waveform",
    colors: ["#1e1b4b", "#22d3ee"],
    websiteUrl: "https://nimbus-audio.example",
    featured: true,
  },
  {
    key: "kiro-wear",
    name: "Kiro Wear",
    description: "Everyday wearables and leather goods with a minimalist streak.",
    icon: "gem",
    colors: ["#111827", "#f472b6"],
    websiteUrl: null,
    featured: true,
  },
  {
    key: "hearth-and-co",
    name: "Hearth & Co",
    description: "Handmade ceramics and kitchenware for slow mornings.",
    icon: "flame",
    colors: ["#7c2d12", "#fde68a"],
    websiteUrl: "https://hearth-and-co.example",
    featured: false,
  },
  {
    key: "voltix",
    name: "Voltix",
    description: "Smart home and computing gear that sets itself up.",
    icon: "zap",
    colors: ["#0f766e", "#facc15"],
    websiteUrl: "https://voltix.example",
    featured: false,
  },
  {
    key: "stride-athletics",
    name: "Stride Athletics",
    description: "Training kit designed with coaches, made to move.",
    icon: "footprints",
    colors: ["#14532d", "#a3e635"],
    websiteUrl: null,
    featured: false,
  },
];

/** Newest first: the catalogue lists them in this order. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    key: "nimbus-pods-pro",
    title: "Nimbus Pods Pro Headphones",
    brand: "nimbus-audio",
    category: "Audio",
    description:
      "True wireless in-ear headphones with adaptive noise cancelling, a transparency mode for busy streets and 32 hours of playback with the pocket-sized charging case.",
    icon: "earbuds",
    price: "4999.00",
    discountPercentage: 20,
    stock: 120,
    colors: ["#1e3a8a", "#f59e0b"],
    toneHz: 440,
    specifications: { "Battery life": "8 h (32 h with case)", Bluetooth: "5.3", "Water resistance": "IPX5", Weight: "4.8 g per earbud" },
    highlights: ["Adaptive noise cancelling", "Wireless charging case", "Low-latency game mode"],
    promotion: { label: "Festive Sale: 20% off", endsInDays: 14 },
    variants: [
      { color: "Midnight", colorHex: "#111827", stock: 60 },
      { color: "Pearl", colorHex: "#f3f4f6", stock: 40 },
      { color: "Sunset", colorHex: "#f97316", stock: 20, priceAdjustment: "200.00" },
    ],
    marketplaces: ALL_MARKETS,
    reviews: [
      { author: "Aarav S.", rating: 5, body: "The noise cancelling on the metro is unreal for this price." },
      { author: "Meera K.", rating: 4, body: "Great sound, the case is a bit slippery." },
      { author: "Rohan P.", rating: 5, body: "Battery easily lasts my whole week of commuting." },
      { author: "Fatima A.", rating: 4, body: "Comfortable for long calls." },
    ],
  },
  {
    key: "kiro-pulse-smartwatch",
    title: "Kiro Pulse Smartwatch",
    brand: "kiro-wear",
    category: "Wearables",
    description: "An AMOLED smartwatch with heart-rate and SpO2 tracking, 100 workout modes and a week of battery in a 9 mm aluminium case.",
    icon: "watch",
    price: "7499.00",
    discountPercentage: 15,
    stock: 75,
    colors: ["#111827", "#ec4899"],
    toneHz: 523,
    specifications: { Display: "1.43-inch AMOLED", Battery: "7 days typical", Sensors: "Heart rate, SpO2, accelerometer", "Case size": "44 mm" },
    highlights: ["Always-on AMOLED display", "Bluetooth calling", "5 ATM water resistance"],
    promotion: { label: "Launch offer", endsInDays: 7 },
    variants: [
      { size: "40 mm", color: "Rose", colorHex: "#f472b6", stock: 25 },
      { size: "44 mm", color: "Graphite", colorHex: "#374151", stock: 35 },
      { size: "44 mm", color: "Silver", colorHex: "#d1d5db", stock: 15, priceAdjustment: "500.00" },
    ],
    marketplaces: ALL_MARKETS,
    reviews: [
      { author: "Priya N.", rating: 5, body: "The screen is gorgeous outdoors." },
      { author: "James W.", rating: 4, body: "Sleep tracking is accurate, app could be better." },
      { author: "Ishaan T.", rating: 3, body: "Good watch, strap sizing runs small." },
    ],
  },
  {
    key: "hearth-pour-over-set",
    title: "Hearth Pour-Over Coffee Set",
    brand: "hearth-and-co",
    category: "Kitchen",
    description: "A hand-thrown ceramic dripper, a 600 ml glass server and two cups: everything for a slow, bright cup of coffee.",
    icon: "coffee",
    price: "2899.00",
    discountPercentage: 0,
    stock: 40,
    colors: ["#7c2d12", "#fde68a"],
    toneHz: 392,
    specifications: { Material: "Stoneware and borosilicate glass", Capacity: "600 ml", "Dishwasher safe": "Yes", "In the box": "Dripper, server, 2 cups" },
    highlights: ["Hand-thrown stoneware", "Heat-proof glass server", "Gift-ready box"],
    promotion: null,
    variants: [
      { color: "Terracotta", colorHex: "#c2410c", stock: 20 },
      { color: "Sand", colorHex: "#e7d3a8", stock: 20 },
    ],
    marketplaces: ["india", "uk", "usa"],
    reviews: [
      { author: "Nisha R.", rating: 5, body: "Beautiful glaze and it brews a really clean cup." },
      { author: "Tom H.", rating: 4, body: "Lovely set, the cups are smaller than I expected." },
      { author: "Kabir M.", rating: 5, body: "Bought a second one as a gift." },
    ],
  },
  {
    key: "voltix-smart-plug-duo",
    title: "Voltix Smart Plug Duo",
    brand: "voltix",
    category: "Smart Home",
    description: "Two Wi-Fi smart plugs with energy monitoring, schedules and voice control. No hub needed, set up in under a minute.",
    icon: "plug",
    price: "1599.00",
    discountPercentage: 25,
    stock: 200,
    colors: ["#0f766e", "#facc15"],
    toneHz: 587,
    specifications: { "Max load": "16 A", Connectivity: "2.4 GHz Wi-Fi", "Works with": "Alexa, Google Home", "Pack of": "2" },
    highlights: ["Live energy monitoring", "Schedules and away mode", "Works with voice assistants"],
    promotion: { label: "Bundle deal: 25% off", endsInDays: 10 },
    variants: [{ color: "White", colorHex: "#ffffff", stock: 200 }],
    marketplaces: ["india", "uae", "usa"],
    reviews: [
      { author: "Sana Q.", rating: 4, body: "Setup really did take a minute." },
      { author: "Dev A.", rating: 5, body: "Energy stats helped me find a power-hungry heater." },
      { author: "Olivia B.", rating: 4, body: "Solid, wish it came in black." },
      { author: "Arjun L.", rating: 3, body: "Works well, app asks for a lot of permissions." },
      { author: "Zara F.", rating: 5, body: "Bought two more packs." },
    ],
  },
  {
    key: "stride-everyday-hoodie",
    title: "Stride Everyday Hoodie",
    brand: "stride-athletics",
    category: "Clothing",
    description: "A brushed-back cotton blend hoodie cut for movement, with a zip pocket for your phone and thumbholes for cold runs.",
    icon: "shirt",
    price: "2499.00",
    discountPercentage: 10,
    stock: 150,
    colors: ["#16a34a", "#0f172a"],
    toneHz: 330,
    specifications: { Fabric: "80% cotton, 20% recycled polyester", Fit: "Regular", Care: "Machine wash cold", Weight: "340 gsm" },
    highlights: ["Brushed-back fleece", "Zip phone pocket", "Thumbholes"],
    promotion: { label: "End of season: 10% off", endsInDays: 21 },
    variants: [
      { size: "S", color: "Forest", colorHex: "#166534", stock: 20 },
      { size: "M", color: "Forest", colorHex: "#166534", stock: 30 },
      { size: "L", color: "Forest", colorHex: "#166534", stock: 25 },
      { size: "M", color: "Charcoal", colorHex: "#334155", stock: 30 },
      { size: "L", color: "Charcoal", colorHex: "#334155", stock: 25 },
      { size: "XL", color: "Charcoal", colorHex: "#334155", stock: 20 },
    ],
    marketplaces: ALL_MARKETS,
    reviews: [
      { author: "Ananya G.", rating: 5, body: "Softest hoodie I own." },
      { author: "Leo M.", rating: 4, body: "True to size, good length on the sleeves." },
      { author: "Vikram J.", rating: 4, body: "The zip pocket is genuinely useful on runs." },
    ],
  },
  {
    key: "nimbus-arc-speaker",
    title: "Nimbus Arc Speaker",
    brand: "nimbus-audio",
    category: "Electronics",
    description: "A 30 W portable speaker with deep bass, 20 hours of playback and a fabric shell that survives the beach.",
    icon: "speaker",
    price: "5999.00",
    discountPercentage: 12,
    stock: 60,
    colors: ["#312e81", "#22d3ee"],
    toneHz: 349,
    specifications: { Output: "30 W", Battery: "20 h", "Water resistance": "IP67", Pairing: "Stereo pair two speakers" },
    highlights: ["Deep, room-filling bass", "IP67 dust and water proof", "Stereo pairing"],
    promotion: null,
    variants: [
      { color: "Ocean", colorHex: "#0e7490", stock: 30 },
      { color: "Coal", colorHex: "#1f2937", stock: 30 },
    ],
    marketplaces: ["india", "uae", "uk"],
    reviews: [
      { author: "Rahul V.", rating: 5, body: "Ridiculous bass for its size." },
      { author: "Hannah C.", rating: 4, body: "Survived a pool party, still sounds great." },
      { author: "Omar S.", rating: 4, body: "Stereo pairing works flawlessly." },
    ],
  },
  {
    key: "kiro-leather-card-wallet",
    title: "Kiro Leather Card Wallet",
    brand: "kiro-wear",
    category: "Accessories",
    description: "A slim full-grain leather wallet that holds eight cards and folded notes, with RFID blocking.",
    icon: "wallet",
    price: "1299.00",
    discountPercentage: 0,
    stock: 90,
    colors: ["#78350f", "#f5f5f4"],
    toneHz: 494,
    specifications: { Material: "Full-grain leather", Capacity: "8 cards and notes", Dimensions: "10.5 x 7.5 cm", RFID: "Blocking lining" },
    highlights: ["Full-grain leather", "RFID blocking", "Fits a front pocket"],
    promotion: null,
    variants: [
      { color: "Tan", colorHex: "#b45309", stock: 45 },
      { color: "Black", colorHex: "#111111", stock: 45 },
    ],
    marketplaces: ALL_MARKETS,
    reviews: [
      { author: "Karan D.", rating: 4, body: "Slim and well stitched." },
      { author: "Emily R.", rating: 5, body: "The tan colour ages beautifully." },
      { author: "Aditi P.", rating: 3, body: "Tight with eight cards at first, loosens up." },
    ],
  },
  {
    key: "hearth-ceramic-table-lamp",
    title: "Hearth Ceramic Table Lamp",
    brand: "hearth-and-co",
    category: "Home Decor",
    description: "A glazed ceramic lamp with a linen shade and a warm dimmable LED bulb, for a soft glow on a bedside or desk.",
    icon: "lamp",
    price: "3499.00",
    discountPercentage: 18,
    stock: 30,
    colors: ["#9a3412", "#fef3c7"],
    toneHz: 262,
    specifications: { Height: "42 cm", Bulb: "E27 LED, 2700 K, included", Shade: "Linen", Switch: "Inline dimmer" },
    highlights: ["Hand-glazed ceramic base", "Dimmable warm light", "Bulb included"],
    promotion: { label: "Home refresh: 18% off", endsInDays: 5 },
    variants: [
      { color: "Ivory", colorHex: "#fffbeb", stock: 15 },
      { color: "Sage", colorHex: "#84a98c", stock: 15 },
    ],
    marketplaces: ["india", "uk", "usa"],
    reviews: [
      { author: "Sneha B.", rating: 5, body: "Makes the bedroom feel so cosy." },
      { author: "Mark T.", rating: 4, body: "Arrived perfectly packed." },
      { author: "Ritu S.", rating: 5, body: "The glaze is even prettier in person." },
      { author: "Yusuf H.", rating: 4, body: "Dimmer is smooth, no flicker." },
    ],
  },
  {
    key: "voltix-probook-14",
    title: "Voltix ProBook 14 Laptop",
    brand: "voltix",
    category: "Computers",
    description: "A 1.3 kg 14-inch laptop with a 2.8K display, 16 GB of memory, a 1 TB SSD and a battery that lasts a working day.",
    icon: "laptop",
    price: "64999.00",
    discountPercentage: 8,
    stock: 25,
    colors: ["#0f172a", "#38bdf8"],
    toneHz: 659,
    specifications: { Display: "14-inch 2.8K, 90 Hz", Memory: "16 GB LPDDR5", Storage: "1 TB NVMe SSD", Weight: "1.3 kg", Battery: "Up to 12 h" },
    highlights: ["2.8K 90 Hz display", "All-day battery", "Backlit keyboard with fingerprint reader"],
    promotion: { label: "Student offer: 8% off", endsInDays: 30 },
    variants: [
      { size: "16 GB / 512 GB", color: "Space Grey", colorHex: "#4b5563", stock: 10, priceAdjustment: "-6000.00" },
      { size: "16 GB / 1 TB", color: "Space Grey", colorHex: "#4b5563", stock: 10 },
      { size: "16 GB / 1 TB", color: "Silver", colorHex: "#e5e7eb", stock: 5 },
    ],
    marketplaces: ALL_MARKETS,
    reviews: [
      { author: "Siddharth R.", rating: 5, body: "Light enough to forget it's in the bag." },
      { author: "Grace L.", rating: 4, body: "Screen is excellent, speakers are average." },
      { author: "Manish K.", rating: 4, body: "Battery gets me through a full day of meetings." },
    ],
  },
  {
    key: "stride-flex-yoga-mat",
    title: "Stride Flex Yoga Mat",
    brand: "stride-athletics",
    category: "Fitness",
    description: "A 6 mm natural rubber mat with a grippy top layer, alignment lines and a carry strap.",
    icon: "scroll",
    price: "1999.00",
    discountPercentage: 5,
    stock: 80,
    colors: ["#065f46", "#a7f3d0"],
    toneHz: 294,
    specifications: { Thickness: "6 mm", Material: "Natural rubber, PU top", Size: "183 x 61 cm", Weight: "2.4 kg" },
    highlights: ["Non-slip when sweaty", "Alignment lines", "Carry strap included"],
    promotion: null,
    variants: [
      { color: "Mint", colorHex: "#6ee7b7", stock: 30 },
      { color: "Plum", colorHex: "#7e22ce", stock: 30 },
      { color: "Stone", colorHex: "#a8a29e", stock: 20 },
    ],
    marketplaces: ["india", "uae", "uk", "usa"],
    reviews: [
      { author: "Pooja M.", rating: 5, body: "No slipping even in hot yoga." },
      { author: "Chris D.", rating: 4, body: "Heavy, but that's why it stays put." },
      { author: "Farah Z.", rating: 5, body: "The alignment lines help a lot." },
    ],
  },
];
