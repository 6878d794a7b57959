import { createRoute } from "@hono/zod-openapi";
import {
  AddCartItemBodySchema,
  type Cart,
  CartLineParamsSchema,
  CartSchema,
  SetCartQuantityBodySchema,
} from "@reelmart/core/api/cart";
import type { RegisterRoutes } from "../../context.ts";
import { requireViewer } from "../../http/viewer.ts";
import { CartAddWriter, clearCart, getCart, removeCartItem, setCartQuantity } from "./cart.service.ts";
import { SIGNED_IN } from "../../http/access.ts";
import { errorResponse, jsonContent, jsonResponse, serialisedJson } from "../../http/routes.ts";

const cartResponse = jsonResponse(CartSchema, "The viewer's whole cart after the call");
const errors = {
  400: errorResponse("Invalid input (names the field)"),
  401: errorResponse("Not signed in"),
};

const getCartRoute = createRoute({
  method: "get",
  path: "/cart",
  security: SIGNED_IN,
  tags: ["cart"],
  summary: "The signed-in user's cart lines with product, totals in INR",
  responses: { 200: cartResponse, 401: errors[401] },
});

const addItemRoute = createRoute({
  method: "post",
  path: "/cart/items",
  security: SIGNED_IN,
  tags: ["cart"],
  summary: "Add a product in a variant (increases an existing line), bounded by the variant's stock",
  request: { body: { required: true, ...jsonContent(AddCartItemBodySchema) } },
  responses: {
    200: cartResponse,
    ...errors,
    404: errorResponse("Unknown product or variant"),
    409: errorResponse("Not enough stock (field: quantity)"),
  },
});

const setQuantityRoute = createRoute({
  method: "put",
  path: "/cart/items/{id}",
  security: SIGNED_IN,
  tags: ["cart"],
  summary: "Set a line's quantity; 0 or less removes the line",
  request: { params: CartLineParamsSchema, body: { required: true, ...jsonContent(SetCartQuantityBodySchema) } },
  responses: {
    200: cartResponse,
    ...errors,
    404: errorResponse("No such line in your cart"),
    409: errorResponse("Not enough stock (field: quantity)"),
  },
});

const removeItemRoute = createRoute({
  method: "delete",
  path: "/cart/items/{id}",
  security: SIGNED_IN,
  tags: ["cart"],
  summary: "Remove a line",
  request: { params: CartLineParamsSchema },
  responses: { 200: cartResponse, ...errors, 404: errorResponse("No such line in your cart") },
});

const clearRoute = createRoute({
  method: "delete",
  path: "/cart",
  security: SIGNED_IN,
  tags: ["cart"],
  summary: "Empty the cart",
  responses: { 200: cartResponse, 401: errors[401] },
});

export const registerCartRoutes: RegisterRoutes = (app, { database: { db }, readModel }) => {
  app.openapi(getCartRoute, async (c) => c.json(await getCart(db, requireViewer(c).userId), 200));

  const adds = new CartAddWriter(db, readModel && { held: readModel.cartLines, catalogue: readModel.catalogue });
  app.openapi(addItemRoute, async (c) => {
    return serialisedJson<Cart>(c, await adds.add(requireViewer(c).userId, c.req.valid("json")));
  });

  app.openapi(setQuantityRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await setCartQuantity(db, requireViewer(c).userId, id, c.req.valid("json").quantity), 200);
  });

  app.openapi(removeItemRoute, async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await removeCartItem(db, requireViewer(c).userId, id), 200);
  });

  app.openapi(clearRoute, async (c) => c.json(await clearCart(db, requireViewer(c).userId), 200));
};
