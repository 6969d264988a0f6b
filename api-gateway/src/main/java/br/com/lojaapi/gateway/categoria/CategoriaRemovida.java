package br.com.lojaapi.gateway.categoria;

record CategoriaRemovida(String id, boolean removida) {
}
