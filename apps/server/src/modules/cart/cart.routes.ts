import { createRoute } from "@hono/zod-openapi";
import {
  AddCartItemBodySchema,
  CartProductParamsSchema,
  CartSchema,
  SetCartQuantityBodySchema,
} from "@reelmart/core/api/cart";
import { ErrorBodySchema } from "@reelmart/core/api/errors";
import type { MiddlewareHandler } from "hono";
import type { RegisterRoutes } from "../../context.ts";
import { type AppEnv, requireViewer } from "../../http/viewer.ts";
import { addCartItem, clearCart, getCart, removeCartItem, setCartQuantity } from "./cart.service.ts";

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const cartResponse = { description: "The viewer's whole cart after the call", ...json(CartSchema) };
const errors = {
  400: { description: "Invalid input (names the field)", ...json(ErrorBodySchema) },
  401: { description: "Not signed in", ...json(ErrorBodySchema) },
};

const getCartRoute = createRoute({
  method: "get",
  path: "/cart",
  tags: ["cart"],
  summary: "The signed-in user's cart lines with product, totals in INR",
  responses: { 200: cartResponse, 401: errors[401] },
});

const addItemRoute = createRoute({
  method: "post",
  path: "/cart/items",
  tags: ["cart"],
  summary: "Add a product (increases an existing line), bounded by stock",
  request: { body: { required: true, ...json(AddCartItemBodySchema) } },
  responses: {
    200: cartResponse,
    ...errors,
    404: { description: "Unknown product", ...json(ErrorBodySchema) },
    409: { description: "Not enough stock (field: quantity)", ...json(ErrorBodySchema) },
  },
});

const setQuantityRoute = createRoute({
  method: "put",
  path: "/cart/items/{productId}",
  tags: ["cart"],
  summary: "Set a line's quantity; 0 or less removes the line",
  request: { params: CartProductParamsSchema, body: { required: true, ...json(SetCartQuantityBodySchema) } },
  responses: {
    200: cartResponse,
    ...errors,
    404: { description: "No such line in your cart", ...json(ErrorBodySchema) },
    409: { description: "Not enough stock (field: quantity)", ...json(ErrorBodySchema) },
  },
});

const removeItemRoute = createRoute({
  method: "delete",
  path: "/cart/items/{productId}",
  tags: ["cart"],
  summary: "Remove a line",
  request: { params: CartProductParamsSchema },
  responses: { 200: cartResponse, ...errors, 404: { description: "No such line in your cart", ...json(ErrorBodySchema) } },
});

const clearRoute = createRoute({
  method: "delete",
  path: "/cart",
  tags: ["cart"],
  summary: "Empty the cart",
  responses: { 200: cartResponse, 401: errors[401] },
});

// Checked before body validation so an anonymous caller always learns it must sign in (401).
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireViewer(c);
  await next();
};

export const registerCartRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.use("/cart", signedIn);
  app.use("/cart/*", signedIn);

  app.openapi(getCartRoute, async (c) => c.json(await getCart(db, requireViewer(c).userId), 200));

  app.openapi(addItemRoute, async (c) => {
    const { productId, quantity } = c.req.valid("json");
    return c.json(await addCartItem(db, requireViewer(c).userId, productId, quantity), 200);
  });

  app.openapi(setQuantityRoute, async (c) => {
    const { productId } = c.req.valid("param");
    return c.json(await setCartQuantity(db, requireViewer(c).userId, productId, c.req.valid("json").quantity), 200);
  });

  app.openapi(removeItemRoute, async (c) => {
    const { productId } = c.req.valid("param");
    return c.json(await removeCartItem(db, requireViewer(c).userId, productId), 200);
  });

  app.openapi(clearRoute, async (c) => c.json(await clearCart(db, requireViewer(c).userId), 200));
};
