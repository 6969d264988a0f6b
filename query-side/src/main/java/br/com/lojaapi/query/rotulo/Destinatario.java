package br.com.lojaapi.query.rotulo;

import java.util.Objects;

/** Who receives the parcel. Every field but {@code nome} may be null: the label leaves out what is missing. */
public record Destinatario(String nome, String endereco, String numero, String complemento, String bairro,
                           String cidade, String uf, String cep, String telefone, String referencia) {

    public Destinatario {
        Objects.requireNonNull(nome, "nome");
    }
}
