package br.com.lojaapi.coreapi.pedido;

/** The customer as the order keeps it (the {@code cliente*} fields): taken when the order was placed, never updated. */
public record ClienteDoPedido(String nome,
                              String celular,
                              String email,
                              String documento,
                              String endereco,
                              String numero,
                              String complemento,
                              String bairro,
                              String cidade,
                              String uf,
                              String cep,
                              String referencia) {
}
