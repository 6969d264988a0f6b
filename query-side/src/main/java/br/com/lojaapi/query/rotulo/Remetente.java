package br.com.lojaapi.query.rotulo;

import java.util.Objects;

/** The store as sender, from its own registration. Every field but {@code nome} may be null. */
public record Remetente(String nome, String endereco, String numero, String complemento, String bairro,
                        String cidade, String uf, String cep, String telefone, String cnpj) {

    public Remetente {
        Objects.requireNonNull(nome, "nome");
    }
}
