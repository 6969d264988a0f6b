package br.com.lojaapi.query.loja;

import br.com.lojaapi.coreapi.loja.DadosLoja;
import br.com.lojaapi.coreapi.loja.LojaCriadaEvent;
import br.com.lojaapi.coreapi.loja.LojaView;
import br.com.lojaapi.query.comum.RegistroVersionado;
import jakarta.persistence.AttributeOverride;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;

import java.time.Instant;

/** The store itself: its id is the store's, so the row has no {@code loja_id} of its own. */
@Entity
@Table(name = "loja_view")
@AttributeOverride(name = "criadoEm", column = @Column(name = "criada_em", nullable = false))
@AttributeOverride(name = "atualizadoEm", column = @Column(name = "atualizada_em", nullable = false))
class LojaRegistro extends RegistroVersionado {

    @Column(nullable = false)
    private String nome;
    @Column(nullable = false)
    private String slug;
    private String cnpj;
    @Column(name = "dominio_proprio")
    private String dominioProprio;
    private String telefone;
    private String cep;
    private String endereco;
    private String numero;
    private String complemento;
    private String bairro;
    private String cidade;
    private String uf;

    protected LojaRegistro() {
        // JPA
    }

    LojaRegistro(LojaCriadaEvent e, long versao) {
        super(e.lojaId(), e.criadaEm());
        aplicar(e.dados(), e.criadaEm(), versao);
    }

    void aplicar(DadosLoja dados, Instant atualizadaEm, long versao) {
        nome = dados.nome();
        slug = dados.slug();
        cnpj = dados.cnpj();
        dominioProprio = dados.dominioProprio();
        telefone = dados.telefone();
        cep = dados.cep();
        endereco = dados.endereco();
        numero = dados.numero();
        complemento = dados.complemento();
        bairro = dados.bairro();
        cidade = dados.cidade();
        uf = dados.uf();
        tocar(atualizadaEm, versao);
    }

    LojaView view() {
        DadosLoja dados = new DadosLoja(nome, slug, cnpj, dominioProprio, telefone, cep, endereco, numero, complemento,
                bairro, cidade, uf);
        return new LojaView(id(), dados, criadoEm(), atualizadoEm(), versao());
    }
}
