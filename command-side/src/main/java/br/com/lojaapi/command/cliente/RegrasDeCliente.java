package br.com.lojaapi.command.cliente;

import br.com.lojaapi.command.comum.Campos;
import br.com.lojaapi.command.comum.Enderecos;
import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.coreapi.cliente.AlteracaoCliente;
import br.com.lojaapi.coreapi.cliente.DadosCliente;
import br.com.lojaapi.coreapi.comum.Documentos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;

import java.util.Locale;
import java.util.Optional;

/**
 * A customer's field rules: the sent fields applied to the current data give complete, valid data or a 400 naming
 * the field. Blank texts count as null, as ERPs send "" for what they do not have.
 */
final class RegrasDeCliente {

    static final String CPF = "CPF";
    static final String CNPJ = "CNPJ";
    static final String DOCUMENTO_OBRIGATORIO =
            "documento é obrigatório: o CPF ou CNPJ do cliente, chave do cadastro";
    static final String DOCUMENTO_FIXO = "documento é a chave do cliente e não pode ser alterado";
    private static final DadosCliente VAZIO = new DadosCliente(null, null, null, null, null, null, null, null, null,
            null, null, null);

    private RegrasDeCliente() {
    }

    /** A new customer: {@code nome} and {@code documento} are required. */
    static DadosCliente novo(AlteracaoCliente a) {
        if (a.nome() == null || a.nome().isEmpty()) {
            throw ErroDeNegocio.invalido("nome é obrigatório para cadastrar o cliente");
        }
        chave(a.documento());
        return aplicar(VAZIO, a);
    }

    static DadosCliente aplicar(DadosCliente atual, AlteracaoCliente a) {
        String documento = Campos.obrigatorio(a.documento(), atual.documento(), "documento", RegrasDeCliente::documento);
        String tipo = tipoDe(documento);
        if (a.tipoDocumento() != null) {
            a.tipoDocumento().ifPresent(enviado -> exigirTipo(enviado, tipo));
        }
        return new DadosCliente(
                Campos.obrigatorio(a.nome(), atual.nome(), "nome", RegrasDeCliente::nome),
                documento,
                tipo,
                Campos.opcional(a.email(), atual.email(), RegrasDeCliente::email),
                Campos.opcional(a.telefone(), atual.telefone(), v -> Textos.limitado(v, 40, "telefone")),
                Campos.opcional(a.celular(), atual.celular(), v -> Textos.limitado(v, 40, "celular")),
                Campos.opcional(a.cep(), atual.cep(), Enderecos::cep),
                Campos.opcional(a.endereco(), atual.endereco(), v -> Textos.limitado(v, 200, "endereco")),
                Campos.opcional(a.numero(), atual.numero(), v -> Textos.limitado(v, 20, "numero")),
                Campos.opcional(a.bairro(), atual.bairro(), v -> Textos.limitado(v, 100, "bairro")),
                Campos.opcional(a.cidade(), atual.cidade(), v -> Textos.limitado(v, 100, "cidade")),
                Campos.opcional(a.uf(), atual.uf(), Enderecos::uf));
    }

    /** The upsert key of what was sent: the document normalised and validated; absent or null is a 400. */
    static String chave(Optional<String> documento) {
        if (documento == null || documento.isEmpty()) {
            throw ErroDeNegocio.invalido(DOCUMENTO_OBRIGATORIO);
        }
        return documento(documento.get());
    }

    /** Punctuation removed and letters upper-cased; 11 characters are a CPF, 14 a CNPJ (numeric or alphanumeric). */
    static String documento(String documento) {
        String limpo = Textos.limitado(documento, 30, "documento");
        if (limpo == null) {
            throw ErroDeNegocio.invalido(DOCUMENTO_OBRIGATORIO);
        }
        String normalizado = Documentos.normalizar(limpo);
        if (normalizado.length() == 11) {
            if (!Documentos.cpfValido(normalizado)) {
                throw ErroDeNegocio.invalido("documento: CPF inválido; confira os 11 dígitos e os dígitos verificadores");
            }
            return normalizado;
        }
        if (normalizado.length() == 14) {
            if (!Documentos.cnpjValido(normalizado)) {
                throw ErroDeNegocio.invalido(
                        "documento: CNPJ inválido; confira os 14 caracteres e os dígitos verificadores");
            }
            return normalizado;
        }
        throw ErroDeNegocio.invalido(
                "documento deve ser um CPF (11 dígitos) ou um CNPJ (14 caracteres), com ou sem pontuação");
    }

    private static String tipoDe(String documento) {
        return documento.length() == 11 ? CPF : CNPJ;
    }

    private static void exigirTipo(String enviado, String tipo) {
        String limpo = Textos.limpo(enviado);
        if (limpo == null) {
            return;
        }
        String pedido = limpo.toUpperCase(Locale.ROOT);
        if (!pedido.equals(CPF) && !pedido.equals(CNPJ)) {
            throw ErroDeNegocio.invalido("tipoDocumento deve ser CPF ou CNPJ");
        }
        if (!pedido.equals(tipo)) {
            throw ErroDeNegocio.invalido("tipoDocumento " + pedido + " não corresponde ao documento, que é um " + tipo);
        }
    }

    private static String nome(String nome) {
        String limpo = Textos.limitado(nome, 200, "nome");
        if (limpo == null) {
            throw ErroDeNegocio.invalido("nome não pode ser vazio");
        }
        return limpo;
    }

    /** One {@code @}, something on each side, no white space: enough to catch a wrong field, not to prove delivery. */
    private static String email(String email) {
        String limpo = Textos.limitado(email, 254, "email");
        if (limpo == null) {
            return null;
        }
        int arroba = limpo.indexOf('@');
        if (arroba <= 0 || arroba != limpo.lastIndexOf('@') || arroba == limpo.length() - 1
                || limpo.chars().anyMatch(Character::isWhitespace)) {
            throw ErroDeNegocio.invalido("email inválido: informe um endereço como nome@exemplo.com.br");
        }
        return limpo;
    }
}
