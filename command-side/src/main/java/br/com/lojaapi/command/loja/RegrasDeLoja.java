package br.com.lojaapi.command.loja;

import br.com.lojaapi.command.comum.Enderecos;
import br.com.lojaapi.command.comum.Textos;
import br.com.lojaapi.coreapi.comum.Documentos;
import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.loja.AtualizarLojaCommand;
import br.com.lojaapi.coreapi.loja.DadosLoja;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/** Validation and normalisation of store data, shared by creation and update. */
final class RegrasDeLoja {

    private static final Pattern SLUG = Pattern.compile("[a-z0-9-]{3,40}");
    private static final Pattern HOST = Pattern.compile(
            "(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}");

    private RegrasDeLoja() {
    }

    /** The store data after a partial update: null keeps, empty clears, a value replaces. */
    static DadosLoja aplicar(DadosLoja atual, AtualizarLojaCommand c) {
        return new DadosLoja(c.nome() != null ? c.nome() : atual.nome(),
                c.slug() != null ? c.slug() : atual.slug(),
                escolher(c.cnpj(), atual.cnpj()),
                escolher(c.dominioProprio(), atual.dominioProprio()),
                escolher(c.telefone(), atual.telefone()),
                escolher(c.cep(), atual.cep()),
                escolher(c.endereco(), atual.endereco()),
                escolher(c.numero(), atual.numero()),
                escolher(c.complemento(), atual.complemento()),
                escolher(c.bairro(), atual.bairro()),
                escolher(c.cidade(), atual.cidade()),
                escolher(c.uf(), atual.uf()));
    }

    private static String escolher(Optional<String> novo, String atual) {
        return novo == null ? atual : novo.orElse(null);
    }

    static DadosLoja validar(DadosLoja dados) {
        String nome = Textos.limitado(dados.nome(), 200, "nome");
        if (nome == null) {
            throw ErroDeNegocio.invalido("Informe o nome da loja");
        }
        if (dados.slug() == null || !SLUG.matcher(dados.slug()).matches()) {
            throw ErroDeNegocio.invalido(
                    "slug deve ter de 3 a 40 caracteres entre letras minúsculas, dígitos e hífen ([a-z0-9-])");
        }
        String cnpj = Documentos.normalizar(Textos.limpo(dados.cnpj()));
        if (cnpj != null && !Documentos.cnpjValido(cnpj)) {
            throw ErroDeNegocio.invalido("cnpj inválido: confira os 14 caracteres e os dígitos verificadores");
        }
        String dominio = Textos.limpo(dados.dominioProprio());
        if (dominio != null) {
            dominio = dominio.toLowerCase(Locale.ROOT);
            if (!HOST.matcher(dominio).matches()) {
                throw ErroDeNegocio.invalido(
                        "dominioProprio deve ser um nome de host, como loja.exemplo.com.br (sem https:// nem caminho)");
            }
        }
        String uf = Enderecos.uf(dados.uf());
        String cep = Enderecos.cep(dados.cep());
        return new DadosLoja(nome, dados.slug(), cnpj, dominio, Textos.limitado(dados.telefone(), 40, "telefone"), cep,
                Textos.limitado(dados.endereco(), 200, "endereco"), Textos.limitado(dados.numero(), 20, "numero"),
                Textos.limitado(dados.complemento(), 100, "complemento"), Textos.limitado(dados.bairro(), 100, "bairro"),
                Textos.limitado(dados.cidade(), 100, "cidade"), uf);
    }
}
